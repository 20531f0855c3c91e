import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRequests, DatasetError, describeRequests, type DatasetSpec } from '../src/bench/datasets.ts';
import { requestBody } from '../src/bench/client.ts';
import { charEstimate } from '../src/bench/tokens.ts';

const base: DatasetSpec = {
  kind: 'random',
  minPrompt: 50,
  maxPrompt: 100,
  minOutput: 5,
  maxOutput: 20,
  numPrefixes: 4,
  seed: 3,
};
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const tmp = () => mkdtempSync(join(tmpdir(), 'mako-ds-'));

describe('random dataset', () => {
  it('draws prompt and output lengths within the bounds, one vocabulary word per token', () => {
    const requests = buildRequests(base, 300, charEstimate);
    for (const r of requests) {
      expect(r.promptTokens).toBeGreaterThanOrEqual(50);
      expect(r.promptTokens).toBeLessThanOrEqual(100);
      expect(words(r.prompt)).toBe(r.promptTokens);
      expect(r.outputTokens).toBeGreaterThanOrEqual(5);
      expect(r.outputTokens).toBeLessThanOrEqual(20);
    }
    const lengths = new Set(requests.map((r) => r.promptTokens));
    expect(lengths.size).toBeGreaterThan(30);
    expect(describeRequests(requests)).toMatchObject({
      min_prompt: 50,
      max_prompt: 100,
      min_output: 5,
      max_output: 20,
    });
  });

  it('is the same for the same seed and different for another', () => {
    expect(buildRequests(base, 20, charEstimate)).toEqual(buildRequests(base, 20, charEstimate));
    expect(buildRequests({ ...base, seed: 4 }, 20, charEstimate)).not.toEqual(buildRequests(base, 20, charEstimate));
  });

  it('rejects inverted bounds with a message naming the flags', () => {
    expect(() => buildRequests({ ...base, minPrompt: 200 }, 1, charEstimate)).toThrow(
      '--min-prompt 200 exceeds --max-prompt 100',
    );
  });
});

describe('shared-prefix dataset', () => {
  it('gives groups of prompts that share a prefix of the requested length, sent as the system message to chat', () => {
    const requests = buildRequests({ ...base, kind: 'shared-prefix', prefixLen: 40 }, 40, charEstimate);
    const prefixes = new Set(requests.map((r) => r.system));
    expect(prefixes.size).toBe(4);
    for (const r of requests) {
      expect(words(r.system ?? '')).toBe(40);
      expect(r.promptTokens).toBe(40 + words(r.prompt));
      expect(r.promptTokens).toBeGreaterThanOrEqual(50);
    }
    const sample = requests[0]!;
    const chat = requestBody({ baseUrl: '', type: 'chat', model: 'm', ignoreEos: false, timeoutMs: 1 }, sample);
    expect(chat.messages).toEqual([
      { role: 'system', content: sample.system },
      { role: 'user', content: sample.prompt },
    ]);
    const completion = requestBody(
      { baseUrl: '', type: 'completions', model: 'm', ignoreEos: true, timeoutMs: 1 },
      sample,
    );
    expect(completion).toMatchObject({
      prompt: `${sample.system} ${sample.prompt}`,
      ignore_eos: true,
      max_tokens: sample.outputTokens,
    });
  });

  it('refuses a prefix longer than the shortest prompt', () => {
    expect(() => buildRequests({ ...base, kind: 'shared-prefix', prefixLen: 60 }, 1, charEstimate)).toThrow(
      DatasetError,
    );
  });
});

describe('ShareGPT dataset', () => {
  const file = () => {
    const path = join(tmp(), 'sharegpt.json');
    const say = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    writeFileSync(
      path,
      JSON.stringify([
        {
          id: 'a',
          conversations: [
            { from: 'human', value: say(10) },
            { from: 'gpt', value: say(20) },
          ],
        },
        {
          id: 'b',
          conversations: [
            { from: 'human', value: say(2) },
            { from: 'gpt', value: say(20) },
          ],
        },
        { id: 'c', conversations: [{ from: 'human', value: say(30) }] },
        {
          id: 'd',
          conversations: [
            { from: 'human', value: say(12) },
            { from: 'gpt', value: say(8) },
            { from: 'human', value: 'more' },
          ],
        },
      ]),
    );
    return path;
  };

  /** The file above, keeping entries of at least 4 tokens each way. */
  const shareGpt = (): DatasetSpec => ({
    kind: 'sharegpt',
    path: file(),
    minPrompt: 4,
    maxPrompt: 1024,
    minOutput: 4,
    maxOutput: 1e6,
    numPrefixes: 1,
    seed: 1,
  });

  it('takes the first turn as the prompt and the reply length as the output, dropping short and single-turn entries', () => {
    const requests = buildRequests(shareGpt(), 4, charEstimate);
    // 'word' × n with spaces is 5n − 1 characters → ⌈(5n − 1)/4⌉ tokens by characters/4.
    const outputs = requests.map((r) => r.outputTokens).sort((a, b) => a - b);
    expect(outputs).toEqual([10, 10, 25, 25]);
    expect(new Set(requests.map((r) => r.promptTokens))).toEqual(new Set([13, 15]));
  });

  it('replaces the recorded output length with a fixed one when asked', () => {
    const requests = buildRequests({ ...shareGpt(), fixedOutput: 64 }, 3, charEstimate);
    expect(requests.every((r) => r.outputTokens === 64)).toBe(true);
  });

  it('explains a file that is not ShareGPT', () => {
    const path = join(tmp(), 'bad.json');
    writeFileSync(path, '{"not": "an array"}');
    expect(() => buildRequests({ ...base, kind: 'sharegpt', path }, 1, charEstimate)).toThrow(/is not a ShareGPT file/);
    writeFileSync(path, '[oops');
    expect(() => buildRequests({ ...base, kind: 'sharegpt', path }, 1, charEstimate)).toThrow(/is not valid JSON/);
    expect(() =>
      buildRequests({ ...base, kind: 'sharegpt', path: join(tmp(), 'missing.json') }, 1, charEstimate),
    ).toThrow(/ENOENT/);
  });
});

describe('custom dataset', () => {
  it('reads JSON Lines with prompt and optional output_tokens, naming the bad line', () => {
    const path = join(tmp(), 'custom.jsonl');
    writeFileSync(path, '{"prompt": "the cat sat", "output_tokens": 7}\n\n{"prompt": "and for"}\n');
    const requests = buildRequests({ ...base, kind: 'custom', path, maxOutput: 33 }, 2, charEstimate);
    expect(requests.map((r) => r.outputTokens).sort()).toEqual([33, 7]);
    writeFileSync(path, '{"prompt": "ok"}\n{"text": "no prompt"}\n');
    expect(() => buildRequests({ ...base, kind: 'custom', path }, 1, charEstimate)).toThrow(/line 2/);
  });
});
