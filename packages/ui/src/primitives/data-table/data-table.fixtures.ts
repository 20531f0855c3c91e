// Deterministic sample rows for the table stories: the same 5,000 rows on every run, so sorting
// assertions and screenshots are stable.

export interface BenchmarkRow {
  id: string;
  trial: number;
  model: string;
  hardware: { count: number; name: string };
  runtime: string;
  outputTokensPerSecond: number;
  p99TtftMs: number;
  status: 'complete' | 'failed' | 'infeasible';
}

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const MODELS = ['Llama-3.1-70B-Instruct', 'Qwen2.5-72B-Instruct', 'Mistral-Large-2407', 'Llama-3.1-8B-Instruct'];
const HARDWARE = [
  { count: 8, name: 'H100' },
  { count: 4, name: 'H200' },
  { count: 8, name: 'A100-80GB' },
  { count: 2, name: 'L40S' },
];
const RUNTIMES = ['vllm 0.11.0', 'sglang 0.5.2', 'tensorrt-llm 1.0.0'];

export function makeBenchmarkRows(count: number, seed = 42): BenchmarkRow[] {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    return {
      id: `bench-${index + 1}`,
      trial: index + 1,
      model: MODELS[Math.floor(random() * MODELS.length)] ?? 'model',
      hardware: HARDWARE[Math.floor(random() * HARDWARE.length)] ?? { count: 1, name: 'GPU' },
      runtime: RUNTIMES[Math.floor(random() * RUNTIMES.length)] ?? 'vllm',
      outputTokensPerSecond: Math.round((800 + random() * 15000) * 10) / 10,
      p99TtftMs: Math.round((40 + random() * 900) * 100) / 100,
      status: roll < 0.06 ? 'failed' : roll < 0.14 ? 'infeasible' : 'complete',
    };
  });
}
