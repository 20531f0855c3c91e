import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRequests, type DatasetSpec } from '../src/bench/datasets.ts';
import { executeBench, type BenchPlan } from '../src/bench/execute.ts';
import { charEstimate } from '../src/bench/tokens.ts';
import { emulatorForTest, runCli, runCliReport } from './helpers.ts';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const spec: DatasetSpec = {
  kind: 'multi-turn',
  minPrompt: 10,
  maxPrompt: 20,
  minOutput: 3,
  maxOutput: 6,
  numPrefixes: 1,
  turns: 3,
  seed: 2,
};
const plan = (url: string, overrides: Partial<BenchPlan> = {}): BenchPlan => ({
  endpoint: { baseUrl: url, type: 'chat', model: 'mako/emulated-model', ignoreEos: false, timeoutMs: 10_000 },
  dataset: spec,
  numRequests: 4,
  warmup: 0,
  load: { rate: 'inf', burstiness: 1, maxConcurrency: null, seed: 2, thinkTimeMs: 5 },
  maxSeq: 1e9,
  slo: null,
  counter: charEstimate,
  ...overrides,
});
type Message = { role: string; content: string };

describe('multi-turn conversations', () => {
  it('sends each turn with the history, the endpoint’s own answers included, and reports TTFT per turn', async () => {
    const emulator = await emulatorForTest({ ttftMs: 3, itlMs: 1 });
    const outcome = await executeBench(plan(emulator.url));
    const bodies = emulator.stats.bodies.map((b) => b.messages as Message[]);
    expect(bodies).toHaveLength(12);
    const conversations = buildRequests(spec, 4, charEstimate);
    for (const [c, conversation] of conversations.entries()) {
      const turns = conversation.turns!;
      const run = outcome.run.conversations![c]!;
      expect(run.outcomes.every((o) => o.ok)).toBe(true);
      for (const [k, turn] of turns.entries()) {
        // The turn's body, found by its last user message; it carries every earlier turn and answer.
        const body = bodies.find((m) => m[m.length - 1]!.content === turn.prompt)!;
        expect(body).toHaveLength(2 * k + 1);
        for (let j = 0; j < k; j++) {
          expect(body[2 * j]).toEqual({ role: 'user', content: turns[j]!.prompt });
          expect(body[2 * j + 1]).toEqual({ role: 'assistant', content: run.outcomes[j]!.text });
          expect(words(run.outcomes[j]!.text)).toBe(turns[j]!.outputTokens);
        }
      }
    }
    expect(outcome.summary.metrics.completed).toBe(12);
    expect(outcome.perTurn!.map((t) => [t.turn, t.sent, t.completed])).toEqual([
      [1, 4, 4],
      [2, 4, 4],
      [3, 4, 4],
    ]);
    const prompts = outcome.perTurn!.map((t) => t.mean_prompt_tokens);
    expect(prompts[1]).toBeGreaterThan(prompts[0]!);
    expect(prompts[2]).toBeGreaterThan(prompts[1]!);
    expect(outcome.perTurn![0]!.ttft_ms.mean).toBeGreaterThan(0);
  });

  it('ends a conversation at its first failed turn', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1, failEvery: 2 });
    const outcome = await executeBench(
      plan(emulator.url, {
        numRequests: 2,
        load: { rate: 'inf', burstiness: 1, maxConcurrency: 1, seed: 2, thinkTimeMs: 0 },
      }),
    );
    expect(emulator.stats.requests).toBe(4);
    expect(outcome.perTurn!.map((t) => [t.turn, t.sent, t.completed])).toEqual([
      [1, 2, 2],
      [2, 2, 0],
    ]);
    expect(outcome.summary.metrics).toMatchObject({ completed: 2, failed: 2 });
  });

  it('takes whole conversations from a ShareGPT file, up to --turns user turns', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mako-mt-')), 'sharegpt.json');
    writeFileSync(
      path,
      JSON.stringify([
        {
          conversations: [
            { from: 'human', value: 'one two three' },
            { from: 'gpt', value: 'a b' },
            { from: 'human', value: 'four five' },
            { from: 'gpt', value: 'c d e f' },
            { from: 'human', value: 'six' },
            { from: 'gpt', value: 'g' },
          ],
        },
        {
          conversations: [
            { from: 'human', value: 'alone' },
            { from: 'gpt', value: 'only one turn' },
          ],
        },
      ]),
    );
    const [conversation] = buildRequests({ ...spec, path, turns: 2, maxOutput: 1e6 }, 1, charEstimate);
    expect(conversation!.turns!.map((t) => t.prompt)).toEqual(['one two three', 'four five']);
    expect(conversation!.turns!.map((t) => t.outputTokens)).toEqual([
      charEstimate.count('a b'),
      charEstimate.count('c d e f'),
    ]);
  });

  it('bench --dataset multi-turn: a table by turn and per_turn in the JSON; chat only', async () => {
    const emulator = await emulatorForTest({ ttftMs: 2, itlMs: 1 });
    const args = ['bench', '--base-url', emulator.url, '--dataset', 'multi-turn', '--num-requests', '3'];
    const { run, report: doc } = await runCliReport<{
      per_turn: { turn: number; completed: number }[];
      load: { think_time_s: number };
    }>([
      ...args,
      '--endpoint-type',
      'chat',
      '--turns',
      '2',
      '--think-time',
      '0.01',
      '--prompt-len',
      '8',
      '--output-len',
      '3',
      '--quiet',
    ]);
    expect(run.stdout).toContain('3 conversations of 2 turns max, 0.01 s think time');
    expect(run.stdout).toMatch(/Turn\s+sent\s+done\s+prompt tok\s+TTFT mean/);
    expect(doc.per_turn.map((t) => [t.turn, t.completed])).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(doc.load.think_time_s).toBe(0.01);
    const completions = await runCli(args);
    expect(completions.code).toBe(2);
    expect(completions.stderr).toContain('--dataset multi-turn sends conversations: it needs --endpoint-type chat');
  }, 60_000);
});
