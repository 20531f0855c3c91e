import type { Engine, Failure } from './engine.ts';
import type { IterationShape, StepModel } from './roofline.ts';

/** A discrete, iteration-level simulation of one engine replica serving a benchmark run. */
export interface ServeInput {
  engine: Engine;
  step: StepModel;
  inputLen: number;
  outputLen: number;
  /** Each request's own output length when they differ (a chat dataset); else all take `outputLen`. */
  outputLens?: readonly number[];
  /** When each request becomes ready to send, ascending (all 0 for request_rate 'inf'). */
  arrivals: readonly number[];
  /** Client-side cap on requests in flight (vllm bench --max-concurrency). */
  maxConcurrency: number | null;
  /** Prompt tokens every request shares (a system prompt); only prefix caching can reuse them. */
  sharedPrefix: number;
  timeoutS: number;
}

export interface ServeResult {
  durationS: number;
  /**
   * The steady state while requests were still waiting to be admitted: the mean number in service
   * and the mean time from a request's admission to its last token. Their ratio is the completion
   * rate of a longer run (Little's law), which stays exact when fixed-length requests finish in waves.
   */
  steady: { inFlight: number; serviceS: number };
  ttftS: number[];
  e2elS: number[];
  tpotS: number[];
  /** Inter-token gaps: distinct values with how many gaps took them. */
  itl: { values: number[]; weights: number[] };
  preemptions: number;
}

interface Request {
  send: number;
  outputLen: number;
  /** Prefix tokens served from the cache, not owned by this request's KV blocks. */
  hit: number;
  /** Context tokens whose KV is in the cache (hit included). */
  context: number;
  prefillLeft: number;
  generated: number;
  /** When the engine first admitted it (before any preemption). */
  admitted: number;
  firstToken: number;
  lastEmit: number;
}

const MAX_ITERATIONS = 2_000_000;

export function serve(input: ServeInput): { ok: true; result: ServeResult } | { ok: false; failure: Failure } {
  const { engine, step, inputLen, arrivals, maxConcurrency, sharedPrefix } = input;
  const lengthOf = (i: number) => input.outputLens?.[i] ?? input.outputLen;
  const n = arrivals.length;
  const block = engine.blockSize;
  const blocks = (tokens: number) => Math.ceil(tokens / block) * block;
  const capacity = engine.kvCapacityTokens;
  // vLLM keeps a 1 % watermark of blocks free so running requests can grow.
  const admissionCapacity = engine.admissionReserve === 0 ? capacity * 0.99 : capacity;
  const chunkLimit = engine.chunked ? engine.tokenBudget : Number.POSITIVE_INFINITY;

  const slots = maxConcurrency === null ? null : new Array<number>(Math.min(maxConcurrency, n)).fill(0);
  let slotHead = 0;
  let nextToSend = 0;
  const waiting: Request[] = [];
  const running: Request[] = [];
  // Σ own(r) over the running requests, kept up to date at every change: recounting it made every
  // iteration (and every preemption) a pass over the whole batch.
  let owned = 0;
  let cacheWarm = false;
  let now = 0;
  let lastIterEnd = -1;
  let completed = 0;
  let preemptions = 0;
  // Engines that reserve output space (SGLang's new-token ratio) reserve more after each retraction.
  let reserveRatio = engine.admissionReserve;
  const reserveDecay = (engine.admissionReserve - engine.admissionReserveMin) / 600;
  let iterations = 0;
  const ttftS: number[] = [];
  const e2elS: number[] = [];
  const tpotS: number[] = [];
  let loadedS = 0;
  let inFlightS = 0;
  let serviceSumS = 0;
  const itlValues: number[] = [];
  const itlWeights: number[] = [];

  const sharedInUse = () => (cacheWarm && engine.prefixCaching ? sharedPrefix : 0);
  const own = (r: Request) => blocks(r.context - r.hit);
  const expectedHit = () => (engine.prefixCaching && cacheWarm ? Math.floor(sharedPrefix * engine.prefixHitRate) : 0);

  const nextSendTime = (): number => {
    if (nextToSend >= n) return Number.POSITIVE_INFINITY;
    const arrival = arrivals[nextToSend] ?? 0;
    if (!slots) return arrival;
    if (slotHead >= slots.length) return Number.POSITIVE_INFINITY;
    return Math.max(arrival, slots[slotHead] ?? 0);
  };

  const deliver = () => {
    for (let t = nextSendTime(); t <= now; t = nextSendTime()) {
      if (slots) slotHead++;
      waiting.push({
        send: t,
        outputLen: lengthOf(nextToSend),
        hit: 0,
        context: 0,
        prefillLeft: inputLen,
        generated: 0,
        admitted: -1,
        firstToken: -1,
        lastEmit: -1,
      });
      nextToSend++;
    }
  };

  const kvUsed = () => sharedInUse() + owned;
  const kvReserved = () => {
    let used = sharedInUse();
    for (const r of running) used += own(r) + r.prefillLeft + reserveRatio * (r.outputLen - r.generated);
    return used;
  };

  const admit = () => {
    if (waiting.length === 0 || running.length >= engine.maxRunning) return;
    let reserved = kvReserved();
    while (waiting.length > 0 && running.length < engine.maxRunning) {
      const r = waiting[0] as Request;
      const target = inputLen + Math.max(0, r.generated - 1);
      const need = blocks(target - expectedHit() + reserveRatio * (r.outputLen - r.generated));
      if (reserved + need > admissionCapacity) break;
      waiting.shift();
      r.hit = 0;
      r.context = 0;
      r.prefillLeft = target;
      reserved += need;
      if (r.admitted < 0) r.admitted = now;
      running.push(r);
    }
  };

  // The cache is looked up when a prompt's first chunk is scheduled, so requests admitted together
  // with the first one that computes the prefix still benefit once it is cached.
  const startPrefill = (r: Request) => {
    const hit = Math.min(expectedHit(), r.prefillLeft - 1);
    if (r.context > 0 || hit <= 0) return;
    r.hit = hit;
    r.context = hit;
    r.prefillLeft -= hit;
  };

  const recordGap = (value: number, weight: number) => {
    if (weight <= 0) return;
    itlValues.push(value);
    itlWeights.push(weight);
  };

  const finish = (r: Request, end: number) => {
    completed++;
    const e2e = end - r.send;
    const ttft = r.firstToken - r.send;
    ttftS.push(ttft);
    e2elS.push(e2e);
    serviceSumS += end - r.admitted;
    tpotS.push(r.outputLen > 1 ? (e2e - ttft) / (r.outputLen - 1) : 0);
    if (slots) slots.push(end);
  };

  while (completed < n) {
    if (++iterations > MAX_ITERATIONS || now > input.timeoutS)
      return {
        ok: false,
        failure: {
          kind: 'timeout',
          message: `Benchmark timed out after ${Math.round(input.timeoutS)} s with ${completed} of ${n} requests completed`,
        },
      };
    deliver();
    admit();
    if (running.length === 0) {
      const t = nextSendTime();
      if (!Number.isFinite(t))
        return {
          ok: false,
          failure: { kind: 'crash', message: 'Scheduler stalled: a waiting request can never be admitted' },
        };
      now = Math.max(now, t);
      continue;
    }

    const decodes: Request[] = [];
    const prefilling: Request[] = [];
    for (const r of running) (r.prefillLeft === 0 ? decodes : prefilling).push(r);
    const prefillOnly = !engine.mixed && prefilling.length > 0;
    const chunks = new Map<Request, number>();
    if (prefilling.length > 0) {
      let budget = prefillOnly
        ? engine.prefillBudget
        : engine.runtime === 'sglang'
          ? Math.min(engine.tokenBudget, engine.prefillBudget)
          : Math.max(0, engine.tokenBudget - decodes.length);
      for (const r of prefilling) {
        if (budget <= 0) break;
        startPrefill(r);
        const take = Math.min(r.prefillLeft, chunkLimit, budget);
        // Without chunking a prompt goes in whole; the first one always fits by validation.
        if (!engine.chunked && take < r.prefillLeft && chunks.size > 0) break;
        const granted = engine.chunked ? take : r.prefillLeft;
        chunks.set(r, granted);
        budget -= granted;
      }
    }
    const stepDecodes = prefillOnly ? [] : decodes;

    // Growing sequences may outrun the cache: preempt the newest requests (recompute later).
    let growth = stepDecodes.length;
    for (const c of chunks.values()) growth += c;
    let preempted = false;
    while (kvUsed() + growth > capacity && running.length > 1) {
      const victim = running.pop() as Request;
      owned -= own(victim);
      preemptions++;
      preempted = true;
      if (reserveRatio > 0) reserveRatio = Math.min(1, reserveRatio + 0.2);
      victim.context = 0;
      victim.hit = 0;
      waiting.unshift(victim);
    }
    if (preempted) continue;

    let decodeContext = 0;
    for (const r of stepDecodes) decodeContext += r.context;
    let prefillTokens = 0;
    let prefillAttention = 0;
    let prefillKvRead = 0;
    for (const [r, c] of chunks) {
      prefillTokens += c;
      prefillAttention += c * (r.context + c / 2);
      prefillKvRead += r.context + c;
    }
    const shape: IterationShape = {
      decodeSeqs: stepDecodes.length,
      decodeContext,
      prefillTokens,
      prefillAttention,
      prefillKvRead,
      prefillSeqs: chunks.size,
    };

    // Pure decode with nothing to admit: jump to the next event (a completion, an arrival that
    // could be admitted, or the cache filling up), timing the steps at their mean context.
    let k = 1;
    if (chunks.size === 0) {
      let stepsToDone = Number.POSITIVE_INFINITY;
      for (const r of stepDecodes) stepsToDone = Math.min(stepsToDone, r.outputLen - r.generated);
      const admissible = waiting.length === 0 && running.length < engine.maxRunning;
      const tSend = admissible ? nextSendTime() : Number.POSITIVE_INFINITY;
      const dt0 = step(shape);
      const stepsToArrival = Number.isFinite(tSend)
        ? Math.max(1, Math.ceil((tSend - now) / dt0))
        : Number.POSITIVE_INFINITY;
      const stepsToFull = Math.max(1, Math.floor((capacity - kvUsed()) / Math.max(1, stepDecodes.length)) - block);
      k = Math.max(1, Math.min(stepsToDone, stepsToArrival, stepsToFull));
      // Multi-step scheduling (vLLM --num-scheduler-steps) runs whole blocks of decode steps: new
      // requests wait for the block to end, and a sequence that finishes inside it is returned
      // with the block.
      if (engine.multiStep > 1) k = Math.min(Math.ceil(k / engine.multiStep) * engine.multiStep, stepsToFull);
    }
    const dt =
      k === 1 ? step(shape) : step({ ...shape, decodeContext: decodeContext + (stepDecodes.length * (k - 1)) / 2 });
    const start = now;
    now += dt * k;
    if (nextToSend < n || waiting.length > 0) {
      loadedS += dt * k;
      inFlightS += running.length * dt * k;
    }
    reserveRatio = Math.max(engine.admissionReserveMin, reserveRatio - reserveDecay * k);

    let steady = 0;
    for (const r of stepDecodes) {
      if (r.lastEmit === lastIterEnd) steady += k;
      else {
        recordGap(start + dt - r.lastEmit, 1);
        steady += k - 1;
      }
      owned -= own(r);
      r.context += k;
      owned += own(r);
      r.generated += k;
      r.lastEmit = now;
    }
    recordGap(dt, steady);

    for (const [r, c] of chunks) {
      owned -= own(r);
      r.context += c;
      owned += own(r);
      r.prefillLeft -= c;
      if (engine.prefixCaching && sharedPrefix > 0 && r.context >= sharedPrefix) cacheWarm = true;
      if (r.prefillLeft > 0) continue;
      if (r.firstToken < 0) r.firstToken = now;
      else recordGap(now - r.lastEmit, 1);
      r.generated += 1;
      r.lastEmit = now;
    }
    lastIterEnd = now;

    let kept = 0;
    for (const r of running) {
      if (r.prefillLeft === 0 && r.generated >= r.outputLen) {
        owned -= own(r);
        finish(r, now);
      } else running[kept++] = r;
    }
    running.length = kept;
  }

  return {
    ok: true,
    result: {
      durationS: now,
      steady: { inFlight: loadedS > 0 ? inFlightS / loadedS : 0, serviceS: serviceSumS / Math.max(1, completed) },
      ttftS,
      e2elS,
      tpotS,
      itl: { values: itlValues, weights: itlWeights },
      preemptions,
    },
  };
}
