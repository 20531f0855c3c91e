/**
 * How long a plan takes on a cold cache (POST /planner/plan computes it once per distinct input):
 * every GPU type × count × engine searched for its capacity under the SLO.
 *
 *   pnpm --filter @mako/api bench:planner
 *
 * Reports the median and the slowest CPU time of a few representative plans, each computed five
 * times (CPU time, not wall time: the figure should not depend on what else the machine runs);
 * then the wall time of POST /planner/plan on the real server, cold (a new SLO each time) and
 * cached (the same request again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { planFor } from '../src/services/planner.ts';
import { startServer } from './harness.ts';

const CASES = [
  {
    label: 'Llama-3.1-8B chat 1024/256, p99 TTFT 1 s, TPOT 50 ms',
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    workload: { input_len: 1024, output_len: 256 },
    slo: { percentile: 'p99' as const, ttft_ms: 1000, tpot_ms: 50 },
  },
  {
    label: 'Llama-3.3-70B RAG 4096/256, p99 TTFT 2 s',
    model: 'meta-llama/Llama-3.3-70B-Instruct',
    workload: { input_len: 4096, output_len: 256 },
    slo: { percentile: 'p99' as const, ttft_ms: 2000 },
  },
  {
    label: 'Qwen3-30B-A3B 512/512, p50 TPOT 30 ms',
    model: 'Qwen/Qwen3-30B-A3B',
    workload: { input_len: 512, output_len: 512 },
    slo: { percentile: 'p50' as const, tpot_ms: 30 },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
for (const c of CASES) {
  const times: number[] = [];
  let feasible = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = process.cpuUsage();
    const candidates = planFor(c.model, c.workload, c.slo, 'bf16');
    const used = process.cpuUsage(t0);
    times.push((used.user + used.system) / 1000);
    feasible = candidates.filter((x) => x.infeasible_reason === null).length;
  }
  console.log(
    `${c.label}: median ${median(times).toFixed(0)} ms CPU, max ${Math.max(...times).toFixed(0)} ms (${feasible} feasible candidates)`,
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mako-bench-planner-'));
const server = await startServer(dataDir, { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '10000' });
const post = async (ttftMs: number) => {
  const t0 = performance.now();
  const answer = await fetch(`${server.url}/api/v1/planner/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CASES[0], slo: { percentile: 'p99', ttft_ms: ttftMs, tpot_ms: 50 } }),
  });
  if (!answer.ok) throw new Error(`plan answered ${answer.status}`);
  await answer.arrayBuffer();
  return performance.now() - t0;
};
try {
  await post(999); // the server's first plan pays the JIT warm-up; not what a user waits for later
  const cold: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < 7; i++) cold.push(await post(1000 + i));
  for (let i = 0; i < 7; i++) cached.push(await post(1000));
  console.log(
    `POST /planner/plan (${CASES[0]!.label.split(',')[0]}): cold median ${median(cold).toFixed(0)} ms, cached median ${median(cached).toFixed(1)} ms (wall time)`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
