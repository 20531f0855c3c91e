import { describe, expect, it } from 'vitest';
import { parseOptions, renderHelp, UsageError, type CommandSpec } from '../src/cli/options.ts';
import { benchCommand } from '../src/commands/bench.ts';
import { sweepCommand } from '../src/commands/sweep.ts';
import { tuneCommand } from '../src/commands/tune.ts';
import { parseHardware, parseRuntimeOptions, parseSlo } from '../src/setting.ts';

const fails = (argv: string[], env: NodeJS.ProcessEnv = {}, command: CommandSpec = benchCommand) => {
  try {
    parseOptions(command, argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`expected ${argv.join(' ')} to fail`);
};

describe('flag parsing', () => {
  it('applies defaults and converts values', () => {
    const o = parseOptions(
      benchCommand,
      [
        '--request-rate',
        '12.5',
        '--max-concurrency',
        '8',
        '--endpoint-type',
        'chat',
        '--runtime-option',
        'a=1',
        '--runtime-option',
        'b=x',
      ],
      {},
    );
    expect(o['request-rate']).toBe(12.5);
    expect(o['max-concurrency']).toBe(8);
    expect(o['endpoint-type']).toBe('chat');
    expect(o['num-requests']).toBe(1000);
    expect(o.burstiness).toBe(1);
    expect(o['runtime-option']).toEqual(['a=1', 'b=x']);
    expect(o.post).toBe(false);
    expect(parseOptions(benchCommand, ['--request-rate=inf'], {})['request-rate']).toBe('inf');
  });

  it('names the flag and the allowed values for a bad value', () => {
    expect(fails(['--endpoint-type', 'embeddings'])).toBe(
      "Invalid value 'embeddings' for --endpoint-type: expected one of completions, chat",
    );
    expect(fails(['--num-requests', '0'])).toBe("Invalid value '0' for --num-requests: expected an integer ≥ 1");
    expect(fails(['--num-requests', '2.5'])).toMatch(/--num-requests: expected an integer/);
    expect(fails(['--request-rate', 'fast'])).toBe(
      "Invalid value 'fast' for --request-rate: expected a positive number of requests per second, or 'inf'",
    );
    expect(fails(['--burstiness', '1000'])).toBe(
      "Invalid value '1000' for --burstiness: expected a number from 0.01 to 100",
    );
  });

  it('suggests the closest flag for a typo and refuses positional words', () => {
    expect(fails(['--num-request', '5'])).toMatch(
      /Unknown flag --num-request for 'bench'\. Did you mean --num-requests\?/,
    );
    expect(fails(['extra'])).toMatch(/Unexpected argument 'extra'/);
    expect(fails(['--model'])).toMatch(/--model needs a value/);
  });

  it('reads environment variables when the flag is absent; the flag wins', () => {
    const o = parseOptions(tuneCommand, ['--session', 's'], {
      MAKO_TOKEN: 'mako_secret',
      MAKO_API_URL: 'http://x/api/v1',
    });
    expect(o.token).toBe('mako_secret');
    expect(o['api-url']).toBe('http://x/api/v1');
    expect(parseOptions(tuneCommand, ['--token', 'flag'], { MAKO_TOKEN: 'env' }).token).toBe('flag');
  });

  it('renders help with every flag of every command', () => {
    for (const command of [benchCommand, tuneCommand, sweepCommand] as CommandSpec[]) {
      const help = renderHelp(command);
      for (const name of Object.keys(command.options)) expect(help).toContain(`--${name}`);
      expect(help).toContain('Exit codes:');
    }
  });
});

describe('setting values', () => {
  it('parses hardware as COUNTx NAME', () => {
    expect(parseHardware('8x H100')).toEqual({ count: 8, name: 'H100' });
    expect(parseHardware('2 x A100-80GB')).toEqual({ count: 2, name: 'A100-80GB' });
    expect(parseHardware('L40S')).toEqual({ count: 1, name: 'L40S' });
    expect(() => parseHardware('0x H100')).toThrow(
      'Invalid value \'0x H100\' for --hardware: expected COUNTx NAME, e.g. "8x H100"',
    );
  });

  it('parses SLOs in both spellings and names a bad term', () => {
    expect(parseSlo('ttft_ms=200,tpot_ms=50')).toEqual({ ttft_ms: 200, tpot_ms: 50 });
    expect(parseSlo('ttft:300 e2el:9000')).toEqual({ ttft_ms: 300, e2el_ms: 9000 });
    expect(() => parseSlo('itl_ms=5')).toThrow(
      "Invalid term 'itl_ms=5' in --slo: expected ttft_ms=N, tpot_ms=N or e2el_ms=N (milliseconds)",
    );
    expect(() => parseSlo('ttft_ms=-1')).toThrow(/positive number/);
  });

  it('parses engine flags as NAME=VALUE or JSON and validates them with the contract', () => {
    expect(parseRuntimeOptions(['max_num_seqs=256', '--enable-prefix-caching=false', 'kv_cache_dtype=fp8'])).toEqual({
      max_num_seqs: 256,
      enable_prefix_caching: false,
      kv_cache_dtype: 'fp8',
    });
    expect(parseRuntimeOptions(['{"gpu_memory_utilization": 0.9}'])).toEqual({ gpu_memory_utilization: 0.9 });
    expect(() => parseRuntimeOptions(['novalue'])).toThrow(/expected NAME=VALUE/);
    expect(() => parseRuntimeOptions(['{"Bad-Name": 1}'])).toThrow(/Invalid --runtime-option/);
  });
});
