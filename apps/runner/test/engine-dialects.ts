/**
 * Streams and /metrics answers as real engines send them, written here to each engine's format as
 * its own source defines it (the source is named beside each fixture: repository, path, commit).
 * Each stream is the list of SSE events exactly as they go on the wire, so the replay server can
 * send them one by one; the expectations say what the runner must read from them.
 */

import * as llamaServer from './engine-dialects/llama-server.ts';
import * as ollama from './engine-dialects/ollama.ts';
import * as sglang from './engine-dialects/sglang.ts';
import * as tgi from './engine-dialects/tgi.ts';
import * as trtllmServe from './engine-dialects/trtllm-serve.ts';
import * as vllm from './engine-dialects/vllm.ts';

export type { Engine, MetricsFixture, ProvenanceFixture, StreamFixture } from './engine-dialects/shapes.ts';

/** One file per engine (engine-dialects/), in this order. */
const DIALECTS = [vllm, sglang, trtllmServe, llamaServer, tgi, ollama];

export const STREAMS = DIALECTS.flatMap((dialect) => dialect.streams);
export const METRICS = DIALECTS.flatMap((dialect) => dialect.metrics);
export const PROVENANCE = DIALECTS.map((dialect) => dialect.provenance);
