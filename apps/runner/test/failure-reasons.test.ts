import { shellQuote } from '@mako/contract';
import { describe, expect, it } from 'vitest';
import { classifyFailure, lastErrorLines } from '../src/engine/engine.ts';
import { fakeApiForTest, runCli, tuneArgs } from './helpers.ts';

const TOKEN = 'mako_TestToken0123456789abcdefghijklmnop';

const VLLM_LOG = [
  'INFO 11-23 20:00:01 [api_server.py:1880] vLLM API server version 0.11.0',
  'WARNING 11-23 20:00:02 [config.py:1200] Casting torch.bfloat16 to torch.float16.',
  'ERROR 11-23 20:00:05 [core.py:700] EngineCore failed to start.',
  'Traceback (most recent call last):',
  '  File "/usr/lib/python3/site-packages/vllm/engine/arg_utils.py", line 1210, in create_engine_config',
  '    raise ValueError(msg)',
  'ValueError: fp8 KV cache needs block_size >= 16',
  'RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}',
  '',
].join('\n');

describe('engine failure reasons', () => {
  it('finds the cause among the last error lines, past stack frames and "see root cause above"', () => {
    expect(lastErrorLines(VLLM_LOG)).toEqual(['ValueError: fp8 KV cache needs block_size >= 16']);
    expect(lastErrorLines('loading\nfirst error: a\nsecond failure: b\nthird: fatal c\nbye\n', 2)).toEqual([
      'second failure: b',
      'third: fatal c',
    ]);
    expect(lastErrorLines('all good\n')).toEqual([]);
  });

  it('puts the cause on the first line of a crash, keeping the log tail after it', () => {
    const crash = classifyFailure(VLLM_LOG, { code: 1, signal: null }, 'startup');
    expect(crash.kind).toBe('crash');
    expect(crash.message.split('\n')[0]).toBe(
      'The engine exited before it became healthy (exit code 1): ValueError: fp8 KV cache needs block_size >= 16',
    );
    expect(crash.message).toContain('Log tail:\nINFO 11-23');
    const several = classifyFailure(
      'AssertionError: tp must divide heads\nRuntimeError: worker died\n',
      { code: 1, signal: null },
      'startup',
    );
    expect(several.message).toContain(
      'Last error lines:\nAssertionError: tp must divide heads\nRuntimeError: worker died',
    );
    // Nothing that reads as an error: the exit alone, as before.
    expect(classifyFailure('bye', { code: 139, signal: null }, 'startup').message.split('\n')[0]).toBe(
      'The engine exited before it became healthy (exit code 139)',
    );
  });

  it('tune: the terminal and the posted failure name the engine error, not only the exit code', async () => {
    const api = await fakeApiForTest({ token: TOKEN, configs: [{ max_num_seqs: 4 }] });
    const cause = 'fp8 KV cache needs block_size >= 16';
    const run = await runCli(
      tuneArgs(api.sessionId, `--fail-startup crash --crash-above 2 --crash-cause ${shellQuote(cause)}`),
      { MAKO_TOKEN: TOKEN, MAKO_API_URL: api.url },
      120_000,
    );
    expect(run.stdout).toContain(
      `→ crash: The engine exited before it became healthy (exit code 3): ValueError: ${cause}`,
    );
    expect(api.results).toHaveLength(1);
    expect(api.results[0]!.failure!.message.split('\n')[0]).toContain(`ValueError: ${cause}`);
  }, 150_000);
});
