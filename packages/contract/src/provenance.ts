import * as z from 'zod/mini';

/*
 * What the engine really ran with, as the runner found it beside a benchmark (issue 24 item 3).
 * Every part is nullable: a source the runner could not read is recorded as unknown, never guessed.
 * Older runners send no provenance at all.
 */

const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** A reported flag's value: engines report strings, numbers and booleans (lists arrive as JSON text). */
export const ReportedValue = z.union([z.string().check(z.maxLength(256)), z.number(), z.boolean()]);
export type ReportedValue = z.infer<typeof ReportedValue>;

/**
 * Flags one engine reports at most. SGLang's /get_server_info answers every server argument
 * (about 300 in 0.5), so this is three times RuntimeOptions' bound; the runner keeps the first
 * this many by name, and the JSON bound below keeps a benchmark's answer small.
 */
export const MAX_REPORTED_FLAGS = 400;
export const MAX_REPORTED_FLAGS_CHARS = 24_000;
/** Arguments of the runner's command line at most (each at most 512 characters). */
export const MAX_ARGV = 200;
/** Differences between asked and reported flags at most: one per flag a configuration sets. */
export const MAX_MISMATCHES = 100;

export const ReportedFlags = z
  .record(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/), z.maxLength(64)), ReportedValue)
  .check(
    z.refine((flags) => Object.keys(flags).length <= MAX_REPORTED_FLAGS, {
      message: `At most ${MAX_REPORTED_FLAGS} reported flags`,
      abort: true,
    }),
    z.refine((flags) => JSON.stringify(flags).length <= MAX_REPORTED_FLAGS_CHARS, {
      message: `Reported flags must take at most ${MAX_REPORTED_FLAGS_CHARS} characters as JSON`,
    }),
  );
export type ReportedFlags = z.infer<typeof ReportedFlags>;

export const ProvenanceEngine = z.object({
  /** As the engine names itself: "vllm", "sglang", "tgi", "llama.cpp", "ollama", "tensorrt-llm"; null when unknown. */
  name: z.nullable(Text(64)),
  version: z.nullable(Text(128)),
  /** Where the name and version were read, e.g. "GET /version". */
  source: z.nullable(Text(128)),
});
export type ProvenanceEngine = z.infer<typeof ProvenanceEngine>;

export const ProvenanceGpu = z.object({
  /** As nvidia-smi names it, e.g. "NVIDIA H100 80GB HBM3". */
  name: Text(128),
  driver: z.nullable(Text(64)),
  memory_mib: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(10_000_000))),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(1024)),
});
export type ProvenanceGpu = z.infer<typeof ProvenanceGpu>;

export const ProvenanceRunner = z.object({
  version: Text(64),
  /** The command line, tokens, keys and passwords replaced by "***". */
  argv: z.array(z.string().check(z.maxLength(512))).check(z.maxLength(MAX_ARGV)),
});
export type ProvenanceRunner = z.infer<typeof ProvenanceRunner>;

export const DatasetFingerprint = z.object({
  kind: Text(32),
  seed: z.nullable(z.number().check(z.int())),
  /** The data file's name (without its directory) when the dataset reads one. */
  file: z.nullable(Text(256)),
  /** sha256 of the data file's bytes, hex. */
  sha256: z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});
export type DatasetFingerprint = z.infer<typeof DatasetFingerprint>;

/** A flag the run asked for that the engine reports otherwise. */
export const FlagMismatch = z.object({
  flag: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/), z.maxLength(64)),
  asked: ReportedValue,
  reported: ReportedValue,
});
export type FlagMismatch = z.infer<typeof FlagMismatch>;

export const Provenance = z.object({
  engine: ProvenanceEngine,
  /** The flags in effect as the engine reports them, snake_case names; empty when it reports none. */
  flags: ReportedFlags,
  /** Where the flags were read, e.g. "vllm:cache_config_info", "GET /get_server_info", "GET /v1/models". */
  flag_sources: z.array(Text(128)).check(z.maxLength(10)),
  gpu: z.nullable(ProvenanceGpu),
  runner: z.nullable(ProvenanceRunner),
  dataset: z.nullable(DatasetFingerprint),
  mismatches: z.array(FlagMismatch).check(z.maxLength(MAX_MISMATCHES)),
});
export type Provenance = z.infer<typeof Provenance>;
