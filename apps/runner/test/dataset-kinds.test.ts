import type { TuningSession } from '@mako/contract';
import { DATASET_KINDS } from '@mako/contract/vocabulary';
import { describe, expect, it } from 'vitest';
import { charEstimate } from '../src/bench/tokens.ts';
import { planForSession } from '../src/tune/session-plan.ts';

// The new-session dialog and the search form offer the contract's DATASET_KINDS (their stories check
// that); this holds the runner to the same list, so a session made in the dialog is one it can run.
const sessionWith = (dataset: string) =>
  ({
    id: 'a-session',
    setting: {
      workload: {
        dataset,
        num_requests: 10,
        request_rate: 'inf',
        burstiness: 1,
        max_concurrency: null,
        max_seq_length: 512,
        output_len: 16,
        min_prompt: 8,
        max_prompt: 64,
        min_output: 4,
        max_output: 16,
      },
    },
  }) as unknown as TuningSession;

const options = {
  warmup: 0,
  endpointType: 'chat',
  requestTimeoutMs: 1000,
  datasetPath: 'data.jsonl',
  slo: null,
} as const;

describe("the runner's dataset kinds", () => {
  it.each(DATASET_KINDS)('plans a session whose dataset is %s', (kind) => {
    expect(planForSession(sessionWith(kind), options, charEstimate).dataset.kind).toBe(kind);
  });

  it('refuses any other dataset, naming exactly the contract kinds as supported', () => {
    expect(() => planForSession(sessionWith('sonnet'), options, charEstimate)).toThrow(
      `The session's dataset 'sonnet' is not supported by this runner (supported: ${DATASET_KINDS.join(', ')})`,
    );
  });
});
