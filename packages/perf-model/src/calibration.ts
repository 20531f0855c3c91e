import type { Runtime, RuntimeOptions } from '@mako/contract';
import type { SimInput, SimOutput, WeightDtype } from './simulate.ts';

/**
 * One published measurement of a serving setup (calibration/points.csv): the setting as the
 * source states it and the figures it measured. Latencies carry the statistic the source
 * reported (`ttft_stat`, `tpot_stat`), so a prediction is compared with the same statistic.
 */
export interface CalibrationPoint {
  id: number;
  /** Key into calibration/sources.json, which holds the citation (URL or repo + path + commit). */
  source: string;
  /** Where in the source: table, column, row. */
  ref: string;
  model: string;
  published_model: string;
  gpu: string;
  gpu_count: number;
  tp: number;
  ep: number;
  engine: Runtime;
  engine_version: string;
  /** 'random': every request has the stated lengths; 'sharegpt': they are the dataset's means. */
  dataset: 'random' | 'sharegpt';
  weight_dtype: WeightDtype;
  kv_dtype: 'auto' | 'fp8';
  input_len: number;
  output_len: number;
  concurrency: number | null;
  request_rate: number | 'inf';
  num_requests: number;
  config: RuntimeOptions;
  output_tok_s: number | null;
  ttft_ms: number | null;
  ttft_stat: LatencyStat | null;
  tpot_ms: number | null;
  tpot_stat: LatencyStat | null;
  itl_ms: number | null;
  itl_stat: LatencyStat | null;
  e2el_ms: number | null;
  e2el_stat: LatencyStat | null;
  note: string;
}

export type LatencyStat = 'mean' | 'p50' | 'p95';
const STATS: readonly LatencyStat[] = ['mean', 'p50', 'p95'];
const RUNTIMES: readonly Runtime[] = ['vllm', 'sglang', 'tensorrt-llm'];
const WEIGHT_DTYPES: readonly WeightDtype[] = ['bf16', 'fp8', 'fp4', 'int4'];

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, no newlines inside fields) into rows. */
function csvRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
}

/** `key=value;key=value` engine flags; numbers and booleans are typed as the engines take them. */
function parseConfig(text: string): RuntimeOptions {
  const config: RuntimeOptions = {};
  for (const pair of text.split(';').filter((p) => p !== '')) {
    const [key, raw] = pair.split('=');
    if (!key || raw === undefined) throw new Error(`calibration: malformed config entry '${pair}'`);
    config[key] = raw === 'true' ? true : raw === 'false' ? false : Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return config;
}

/** Parses calibration/points.csv; a malformed row throws, naming its id and column. */
export function parseCalibrationCsv(text: string): CalibrationPoint[] {
  const [header, ...rows] = csvRows(text);
  if (!header) throw new Error('calibration: empty file');
  return rows.map((cells) => {
    const raw = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
    const id = Number(raw.id);
    const fail = (column: string): never => {
      throw new Error(`calibration: row ${raw.id}: invalid ${column} '${raw[column]}'`);
    };
    const int = (column: string) => {
      const v = Number(raw[column]);
      return Number.isInteger(v) && v > 0 ? v : fail(column);
    };
    const optional = (column: string) => {
      if (raw[column] === '' || raw[column] === undefined) return null;
      const v = Number(raw[column]);
      return Number.isFinite(v) && v > 0 ? v : fail(column);
    };
    const stat = (column: string, value: number | null): LatencyStat | null => {
      if (value === null) return null;
      return STATS.includes(raw[column] as LatencyStat) ? (raw[column] as LatencyStat) : fail(column);
    };
    const text = (column: string) => (raw[column] ? (raw[column] as string) : fail(column));
    const engine = RUNTIMES.includes(raw.engine as Runtime) ? (raw.engine as Runtime) : fail('engine');
    const weight = WEIGHT_DTYPES.includes(raw.weight_dtype as WeightDtype)
      ? (raw.weight_dtype as WeightDtype)
      : fail('weight_dtype');
    const kv = raw.kv_dtype === 'auto' || raw.kv_dtype === 'fp8' ? raw.kv_dtype : fail('kv_dtype');
    const ttft = optional('ttft_ms');
    const tpot = optional('tpot_ms');
    const itl = optional('itl_ms');
    const e2el = optional('e2el_ms');
    return {
      id: Number.isInteger(id) ? id : fail('id'),
      source: text('source'),
      ref: text('ref'),
      model: text('model'),
      published_model: text('published_model'),
      gpu: text('gpu'),
      gpu_count: int('gpu_count'),
      tp: int('tp'),
      ep: int('ep'),
      engine,
      engine_version: text('engine_version'),
      dataset: raw.dataset === 'random' || raw.dataset === 'sharegpt' ? raw.dataset : fail('dataset'),
      weight_dtype: weight,
      kv_dtype: kv,
      input_len: int('input_len'),
      output_len: int('output_len'),
      concurrency: raw.concurrency === '' ? null : int('concurrency'),
      request_rate: raw.request_rate === 'inf' ? 'inf' : (optional('request_rate') ?? fail('request_rate')),
      num_requests: int('num_requests'),
      config: parseConfig(raw.config ?? ''),
      output_tok_s: optional('output_tok_s'),
      ttft_ms: ttft,
      ttft_stat: stat('ttft_stat', ttft),
      tpot_ms: tpot,
      tpot_stat: stat('tpot_stat', tpot),
      itl_ms: itl,
      itl_stat: stat('itl_stat', itl),
      e2el_ms: e2el,
      e2el_stat: stat('e2el_stat', e2el),
      note: raw.note ?? '',
    };
  });
}

/** The simulator input that reproduces a calibration point's setting, without noise. */
export function calibrationInput(p: CalibrationPoint): SimInput {
  const tpFlag = p.engine === 'vllm' ? 'tensor_parallel_size' : 'tp_size';
  const config: RuntimeOptions = { [tpFlag]: p.tp, ...p.config };
  if (p.kv_dtype === 'fp8') config.kv_cache_dtype = 'fp8';
  return {
    model: p.model,
    gpu: p.gpu,
    gpu_count: p.gpu_count,
    runtime: p.engine,
    weight_dtype: p.weight_dtype,
    engine_version: p.engine_version,
    config,
    workload: {
      input_len: p.input_len,
      output_len: p.output_len,
      request_rate: p.request_rate,
      max_concurrency: p.concurrency,
      num_requests: p.num_requests,
      // ShareGPT answers spread about as widely as their mean (coefficient of variation ≈ 1).
      output_len_cv: p.dataset === 'sharegpt' ? 1 : 0,
    },
    seed: 1,
    noise: 0,
    // Published offline runs of long sequences ran for hours; judge them, do not time them out.
    timeout_s: 1e7,
  };
}

export type CalibrationMetric = 'output_tok_s' | 'tpot' | 'ttft' | 'e2el';

/** A predicted figure beside the measured one, for each metric the point has. */
export interface CalibrationComparison {
  metric: CalibrationMetric;
  measured: number;
  predicted: number;
  /** (predicted − measured) / measured. */
  error: number;
  /** The prediction flatters the setup: more throughput or less latency than measured. */
  optimistic: boolean;
}

/**
 * Compares a simulation with a point's measurements. TPOT is the source's TPOT when it reports
 * one, else its inter-token latency (equal to TPOT in steady decoding), taken at the same
 * statistic. A failed simulation (OOM, crash) compares as nothing: the caller counts it.
 */
export function compareWithMeasurement(p: CalibrationPoint, out: SimOutput): CalibrationComparison[] {
  if (!out.ok) return [];
  const m = out.metrics;
  const rows: CalibrationComparison[] = [];
  const push = (metric: CalibrationMetric, measured: number | null, predicted: number, higherIsBetter: boolean) => {
    if (measured === null) return;
    const error = (predicted - measured) / measured;
    rows.push({ metric, measured, predicted, error, optimistic: higherIsBetter ? error > 0 : error < 0 });
  };
  push('output_tok_s', p.output_tok_s, m.output_throughput, true);
  if (p.ttft_ms !== null && p.ttft_stat) push('ttft', p.ttft_ms, m.ttft_ms[p.ttft_stat], false);
  if (p.tpot_ms !== null && p.tpot_stat) push('tpot', p.tpot_ms, m.tpot_ms[p.tpot_stat], false);
  else if (p.itl_ms !== null && p.itl_stat) push('tpot', p.itl_ms, m.tpot_ms[p.itl_stat], false);
  if (p.e2el_ms !== null && p.e2el_stat) push('e2el', p.e2el_ms, m.e2el_ms[p.e2el_stat], false);
  return rows;
}
