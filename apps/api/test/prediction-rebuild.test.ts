import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FINGERPRINT } from '../src/services/predictions/predict.ts';
import { predictionErrorRow, rebuildPredictionErrors } from '../src/services/predictions/running-error.ts';
import { benchmark, metrics, setting } from './fixtures.ts';
import { ok, signUp, startServer, type TestServer } from './helpers.ts';

/*
 * rebuildPredictionErrors runs in the background after start (server.ts): it predicts again every
 * measured benchmark whose stored prediction came from another perf-model, a batch per
 * transaction, and stops between batches when the server shuts down.
 */
let ts: TestServer;
let token: string;
beforeAll(async () => {
  ts = await startServer();
  ({ token } = await signUp(ts));
});
afterAll(() => ts.close());

/** Stores `count` measured benchmarks, then makes their predictions look like an older perf-model's. */
async function staleBenchmarks(model: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = benchmark({ setting: setting({ workload: { num_requests: 500 + i } }), metrics: metrics(3000 + i) });
    ids.push((await ok(ts, 'createBenchmark', { token, body })).id);
  }
  await ts.server.ctx.db
    .updateTable('prediction_errors')
    .set({ model_fingerprint: model, pred_output_throughput: 1, lr_output_throughput: 8 })
    .where('benchmark_id', 'in', ids)
    .execute();
  return ids;
}

const storedRows = (ids: string[]) =>
  ts.server.ctx.db
    .selectFrom('prediction_errors')
    .selectAll()
    .where('benchmark_id', 'in', ids)
    .orderBy('benchmark_id')
    .execute();

const catalogueVersion = async () =>
  (
    await ts.server.ctx.db
      .selectFrom('catalogue_state')
      .select('value')
      .where('name', '=', 'catalogue_version')
      .executeTakeFirstOrThrow()
  ).value;

describe('predicting the measured benchmarks again after start', () => {
  it("replaces an older perf-model's predictions with the current model's, a batch per catalogue version", async () => {
    const ids = await staleBenchmarks('an-older-model', 3);
    const version = await catalogueVersion();
    expect(await rebuildPredictionErrors(ts.server.ctx.db, { batch: 2 })).toBe(3);
    // Two batches, each bumping the version so every process's cached answers are refreshed.
    expect(await catalogueVersion()).toBe(version + 2);
    const { db } = ts.server.ctx;
    for (const { benchmark_id: id, ...row } of await storedRows(ids)) {
      expect(row.model_fingerprint).toBe(MODEL_FINGERPRINT);
      expect(row.pred_output_throughput).toBeGreaterThan(1);
      const {
        runtime_options,
        metrics: measured,
        ...stored
      } = await db.selectFrom('benchmarks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual(
        predictionErrorRow({ ...stored, runtime_options: JSON.parse(runtime_options) }, JSON.parse(measured)),
      );
    }
    expect(await rebuildPredictionErrors(db, { batch: 2 })).toBe(0);
  });

  it('stops between batches at shutdown, and the next start carries on', async () => {
    const ids = await staleBenchmarks('another-older-model', 3);
    const shutdown = new AbortController();
    // The server shuts down while the first batch is being written (its version bump ends it).
    const shutsDownMidway: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode') shutdown.abort();
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const { db } = ts.server.ctx;
    const stopped = await rebuildPredictionErrors(db.withPlugin(shutsDownMidway), {
      batch: 1,
      signal: shutdown.signal,
    });
    expect(stopped).toBe(1);
    const current = (await storedRows(ids)).filter((r) => r.model_fingerprint === MODEL_FINGERPRINT);
    expect(current).toHaveLength(1);
    expect(await rebuildPredictionErrors(db, { batch: 1 })).toBe(2);
    expect((await storedRows(ids)).every((r) => r.model_fingerprint === MODEL_FINGERPRINT)).toBe(true);
  });
});
