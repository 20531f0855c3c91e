import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Runtime, RuntimeOptions, ServeRequest, ServeRequestCreate } from '@mako/contract';
import type { z } from 'zod';
import { isoAt } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { ServeRequestTable } from '../db/schema.ts';
import { bestSetup } from './catalogue.ts';
import { notFound } from './errors.ts';
import { scopedRow } from './scoped-row.ts';
import { newestFirstList } from './newest-first.ts';

function toServeRequest(r: Selectable<ServeRequestTable>): ServeRequest {
  return {
    id: r.id,
    ml_model_name: r.ml_model_name,
    hardware_config: { name: r.hardware_name, count: r.hardware_count },
    objective: r.objective as ServeRequest['objective'],
    runtime: r.runtime as Runtime | null,
    status: r.status,
    benchmark_id: r.benchmark_id,
    runtime_options: r.runtime_options === null ? null : (JSON.parse(r.runtime_options) as RuntimeOptions),
    launch_command: r.launch_command,
    objective_value: r.objective_value,
    created_at: r.created_at,
  };
}

export async function listServeRequests(db: Db, ownerId: string, limit: number, offset: number) {
  const mine = db.selectFrom('serve_requests').where('owner_id', '=', ownerId);
  const { rows, count } = await newestFirstList(mine, limit, offset);
  return { data: rows.map(toServeRequest), count };
}

/** Answers "how should I serve this model here?" from the best visible benchmark, and keeps the answer. */
export async function createServeRequest(
  db: Db,
  now: number,
  ownerId: string,
  request: z.output<typeof ServeRequestCreate>,
): Promise<ServeRequest> {
  const { name, count } = request.hardware_config;
  const best = await bestSetup(db, ownerId, request.ml_model_name, name, request.objective, count, request.runtime);
  const row: Selectable<ServeRequestTable> = {
    id: randomUUID(),
    owner_id: ownerId,
    ml_model_name: request.ml_model_name,
    hardware_name: name,
    hardware_count: count,
    objective: request.objective,
    runtime: request.runtime ?? null,
    status: best ? 'ready' : 'no_data',
    benchmark_id: best?.best.id ?? null,
    runtime_options: best ? JSON.stringify(best.best.runtime_options) : null,
    launch_command: best?.launch_command ?? null,
    objective_value: best?.objectiveValue ?? null,
    created_at: isoAt(now),
  };
  await db.insertInto('serve_requests').values(row).execute();
  return toServeRequest(row);
}

export async function getServeRequest(db: Db, id: string, ownerId: string): Promise<ServeRequest> {
  return toServeRequest(await scopedRow(db, 'serve_requests', { id, owner_id: ownerId }, 'Serve request'));
}

export async function deleteServeRequest(db: Db, id: string, ownerId: string): Promise<void> {
  const deleted = await db
    .deleteFrom('serve_requests')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('Serve request');
}
