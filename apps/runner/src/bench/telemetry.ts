import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { normaliseBaseUrl } from './client.ts';

/**
 * Engine gauges and counters worth a time series (vLLM v0 and v1 names, SGLang's, llama-server's,
 * TGI's); each is summed over its label sets (one per model or engine).
 */
export const ENGINE_METRICS = [
  'vllm:num_requests_running',
  'vllm:num_requests_waiting',
  'vllm:gpu_cache_usage_perc',
  'vllm:kv_cache_usage_perc',
  'vllm:num_preemptions_total',
  'vllm:prefix_cache_hits_total',
  'vllm:prefix_cache_queries_total',
  'vllm:gpu_prefix_cache_hits_total',
  'vllm:gpu_prefix_cache_queries_total',
  'sglang:num_running_reqs',
  'sglang:num_queue_reqs',
  'sglang:token_usage',
  'sglang:cache_hit_rate',
  'sglang:num_retracted_reqs',
  'llamacpp:requests_processing',
  'llamacpp:requests_deferred',
  'llamacpp:kv_cache_usage_ratio',
  'tgi_batch_current_size',
  'tgi_queue_size',
] as const;

/**
 * trtllm-serve answers /metrics with its executor's iteration stats as JSON rather than a
 * Prometheus exposition; the newest iteration's figures are kept under these names.
 */
export const TRTLLM_METRICS = [
  'trtllm:num_active_requests',
  'trtllm:num_queued_requests',
  'trtllm:kv_cache_usage',
  'trtllm:num_paused_requests',
  'trtllm:cache_hit_rate',
] as const;

type Json = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The newest iteration of trtllm-serve's JSON /metrics, under TRTLLM_METRICS names. */
export function parseTrtllmStats(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let stats: unknown;
  try {
    stats = JSON.parse(text);
  } catch {
    return out;
  }
  const last = (Array.isArray(stats) ? stats[stats.length - 1] : stats) as Json | undefined;
  if (!last || typeof last !== 'object') return out;
  const kv = (last.kvCacheStats ?? {}) as Json;
  const batching = (last.inflightBatchingStats ?? {}) as Json;
  const used = num(kv.usedNumBlocks) ?? num(kv.allocTotalBlocks);
  const max = num(kv.maxNumBlocks);
  const set = (name: (typeof TRTLLM_METRICS)[number], value: number | undefined) => {
    if (value !== undefined) out.set(name, value);
  };
  set('trtllm:num_active_requests', num(last.numActiveRequests));
  set('trtllm:num_queued_requests', num(last.numQueuedRequests));
  set('trtllm:kv_cache_usage', used !== undefined && max ? used / max : undefined);
  set('trtllm:num_paused_requests', num(batching.numPausedRequests));
  set('trtllm:cache_hit_rate', num(kv.cacheHitRate));
  return out;
}

/** An engine's /metrics body, whichever of the two forms it takes. */
export function parseEngineMetrics(text: string): Map<string, number> {
  const start = text.trimStart()[0];
  return start === '[' || start === '{' ? parseTrtllmStats(text) : parsePrometheus(text);
}

export interface GpuSample {
  t_s: number;
  gpus: { utilization_pct: number; memory_used_mib: number; power_w: number | null }[];
}

export interface Telemetry {
  interval_s: number;
  /** The engine's Prometheus /metrics as [seconds since the run started, value] per metric; null when it has none. */
  engine: { url: string; series: Record<string, [number, number][]> } | null;
  /** nvidia-smi samples; null when nvidia-smi is not on PATH. */
  gpu: GpuSample[] | null;
}

/** DCGM's energy counter: millijoules since the driver loaded, one series per GPU. */
export const DCGM_ENERGY = 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION';

/** Sums each wanted metric over its label sets in a Prometheus text exposition. */
export function parsePrometheus(text: string, wanted: readonly string[] = ENGINE_METRICS): Map<string, number> {
  const out = new Map<string, number>();
  const names = new Set(wanted);
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match || !names.has(match[1] as string)) continue;
    const value = Number(match[2]);
    if (Number.isFinite(value)) out.set(match[1] as string, (out.get(match[1] as string) ?? 0) + value);
  }
  return out;
}

/** nvidia-smi's csv,noheader,nounits rows of utilization.gpu, memory.used, power.draw. */
export function parseNvidiaSmi(text: string): GpuSample['gpus'] {
  return text
    .trim()
    .split('\n')
    .filter((l) => l.trim())
    .map((line) => {
      const [util, memory, power] = line.split(',').map((x) => Number(x.trim()));
      return {
        utilization_pct: util ?? NaN,
        memory_used_mib: memory ?? NaN,
        power_w: power !== undefined && Number.isFinite(power) ? power : null,
      };
    })
    .filter((g) => Number.isFinite(g.utilization_pct) && Number.isFinite(g.memory_used_mib));
}

function getText(url: string, timeoutMs: number): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve) => {
    const transport = url.startsWith('https:') ? https : http;
    const req = transport.get(url, { timeout: timeoutMs, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * Reads a DCGM exporter's energy counter (DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION, mJ, summed over
 * GPUs), stamped with the middle of the round trip in performance.now() ms. The run reads it once
 * before its clock starts and once after its last request, while nothing else is in flight, so
 * that the stamps are exact to a ms or so; null when the exporter does not answer with it.
 */
export async function readDcgmEnergy(url: string): Promise<{ atMs: number; millijoules: number } | null> {
  const before = performance.now();
  const answer = await getText(url, 5000);
  const atMs = (before + performance.now()) / 2;
  const millijoules = answer?.status === 200 ? parsePrometheus(answer.text, [DCGM_ENERGY]).get(DCGM_ENERGY) : undefined;
  return millijoules === undefined ? null : { atMs, millijoules };
}

function nvidiaSmi(): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(
      'nvidia-smi',
      ['--query-gpu=utilization.gpu,memory.used,power.draw', '--format=csv,noheader,nounits'],
      { timeout: 5000 },
      (error, stdout) => resolve(error ? null : stdout),
    );
  });
}

/**
 * Samples the engine's /metrics and nvidia-smi every `intervalMs` while a run lasts (once at the
 * start, once at the stop). Each source is dropped after its first miss (no /metrics, no
 * nvidia-smi), so a plain OpenAI-compatible server costs one request. Samples never overlap: a
 * slow scrape delays the next one instead of piling up.
 */
export function startTelemetry(baseUrl: string, intervalMs: number, t0: number) {
  const url = `${normaliseBaseUrl(baseUrl)}/metrics`;
  let engine: Record<string, [number, number][]> | null = {};
  let gpu: GpuSample[] | null = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const sample = async () => {
    const started = performance.now();
    const seconds = (at: number) => Number(((at - t0) / 1000).toFixed(3));
    const t = seconds(started);
    const [metrics, smi] = await Promise.all([
      engine ? getText(url, Math.max(1000, intervalMs)) : null,
      // Stamped with the middle of nvidia-smi's round trip, as the DCGM counter is: starting it
      // takes milliseconds, and a power that changes meanwhile would be misplaced in time.
      gpu ? nvidiaSmi().then((text) => ({ text, t: seconds((started + performance.now()) / 2) })) : null,
    ]);
    if (engine) {
      if (!metrics || metrics.status !== 200) engine = Object.keys(engine).length ? engine : null;
      else for (const [name, value] of parseEngineMetrics(metrics.text)) (engine[name] ??= []).push([t, value]);
    }
    if (gpu) {
      const gpus = smi?.text ? parseNvidiaSmi(smi.text) : [];
      if (smi && gpus.length) gpu.push({ t_s: smi.t, gpus });
      else if (gpu.length === 0) gpu = null;
    }
  };
  let running = sample();
  const loop = () => {
    timer = setTimeout(() => {
      running = sample().then(() => {
        if (!stopped) loop();
      });
    }, intervalMs);
    timer.unref();
  };
  void running.then(() => {
    if (!stopped) loop();
  });
  return {
    /** The engine's series sampled so far (live: the saturation watch reads it during the run). */
    engineSeries: (): Record<string, [number, number][]> | null => engine,
    async stop(): Promise<Telemetry> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await sample();
      return {
        interval_s: intervalMs / 1000,
        engine: engine && Object.keys(engine).length ? { url, series: engine } : null,
        gpu: gpu && gpu.length ? gpu : null,
      };
    },
  };
}
