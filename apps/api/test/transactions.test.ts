import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRANSACTION_ATTEMPTS, inTransaction } from '../src/db/transaction.ts';
import { startServer, type TestServer } from './helpers.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startServer();
});
afterAll(async () => {
  await ts.close();
});

/** What PostgreSQL throws for the transaction it picks to break a lock cycle. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

const rowsNamed = async (name: string) =>
  (await ts.server.ctx.db.selectFrom('catalogue_state').select('value').where('name', '=', name).execute()).map(
    (r) => r.value,
  );

describe('inTransaction', () => {
  it('runs a transaction refused for a deadlock again, and keeps only the attempt that committed', async () => {
    let attempts = 0;
    const answer = await inTransaction(ts.server.ctx.db, async (trx) => {
      attempts++;
      await trx.insertInto('catalogue_state').values({ name: 'retried', value: attempts }).execute();
      if (attempts < 3) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);
    expect(await rowsNamed('retried')).toEqual([3]);
  });

  it('gives up after a bounded number of attempts, and never retries other errors', async () => {
    let attempts = 0;
    await expect(
      inTransaction(ts.server.ctx.db, async () => {
        attempts++;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
    ).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(MAX_TRANSACTION_ATTEMPTS);

    attempts = 0;
    await expect(
      inTransaction(ts.server.ctx.db, async (trx) => {
        attempts++;
        await trx.insertInto('catalogue_state').values({ name: 'refused', value: 1 }).execute();
        throw new Error('not a conflict');
      }),
    ).rejects.toThrow('not a conflict');
    expect(attempts).toBe(1);
    expect(await rowsNamed('refused')).toEqual([]);
  });
});
