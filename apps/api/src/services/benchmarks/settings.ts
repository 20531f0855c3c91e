import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { BenchmarkSetting, BenchmarkSettingCreate, Runtime } from '@mako/contract';
import type { BenchmarkSettingTable, SettingColumns } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { isoAt } from '../../context.ts';
import { sha256 } from '../../auth/secrets.ts';

/* A benchmark's setting: its columns, its answer, and the owner's one row per content. */

export type SettingRow = Selectable<BenchmarkSettingTable>;

/** Stable JSON: object keys sorted, so equal content always hashes equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A setting's content as its columns, without the key that names the content. */
export function settingContent(setting: BenchmarkSettingCreate): Omit<SettingColumns, 'setting_key'> {
  const w = setting.workload;
  return {
    ml_model_name: setting.ml_model_name,
    hardware_name: setting.hardware_config.name,
    hardware_count: setting.hardware_config.count,
    runtime: setting.software.runtime,
    version: setting.software.version,
    dataset: w.dataset,
    num_requests: w.num_requests,
    request_rate: w.request_rate === 'inf' ? Infinity : w.request_rate,
    burstiness: w.burstiness,
    max_concurrency: w.max_concurrency,
    max_seq_length: w.max_seq_length,
    output_len: w.output_len,
    min_prompt: w.min_prompt,
    max_prompt: w.max_prompt,
    min_output: w.min_output,
    max_output: w.max_output,
  };
}

export const settingColumns = (setting: BenchmarkSettingCreate): SettingColumns => ({
  ...settingContent(setting),
  setting_key: sha256(canonicalJson(setting)),
});

export function settingCreateOf(row: SettingColumns): BenchmarkSettingCreate {
  return {
    ml_model_name: row.ml_model_name,
    hardware_config: { name: row.hardware_name, count: row.hardware_count },
    software: { runtime: row.runtime as Runtime, version: row.version },
    workload: {
      dataset: row.dataset,
      num_requests: row.num_requests,
      request_rate: Number.isFinite(row.request_rate) ? row.request_rate : 'inf',
      burstiness: row.burstiness,
      max_concurrency: row.max_concurrency,
      max_seq_length: row.max_seq_length,
      output_len: row.output_len,
      min_prompt: row.min_prompt,
      max_prompt: row.max_prompt,
      min_output: row.min_output,
      max_output: row.max_output,
    },
  };
}

/** A setting as the caller sees it: benchmark_count counts only what the caller may read. */
export function toSetting(row: SettingRow, viewerId: string | null): BenchmarkSetting {
  return {
    id: row.id,
    owner: row.owner_id,
    created_at: row.created_at,
    benchmark_count: row.owner_id === viewerId ? row.benchmark_count : row.published_count,
    ...settingCreateOf(row),
  };
}

/** The caller's setting with this content, created when new (racing creators get the same row). */
export async function findOrCreateSetting(
  db: Db,
  ownerId: string,
  setting: BenchmarkSettingCreate,
  now: number,
): Promise<SettingRow> {
  const columns = settingColumns(setting);
  await db
    .insertInto('benchmark_settings')
    .values({
      id: randomUUID(),
      owner_id: ownerId,
      ...columns,
      benchmark_count: 0,
      published_count: 0,
      created_at: isoAt(now),
    })
    .onConflict((oc) => oc.columns(['owner_id', 'setting_key']).doNothing())
    .execute();
  return db
    .selectFrom('benchmark_settings')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('setting_key', '=', columns.setting_key)
    .executeTakeFirstOrThrow();
}
