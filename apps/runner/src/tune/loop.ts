import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_MESSAGES,
  readMetric,
  engineFlagList,
  type BenchmarkMetrics,
  type Failure,
  type PendingConfig,
  type Provenance,
} from '@mako/contract';
import { ApiError, NetworkError, type MakoApi } from '../api/client.ts';
import { createCacheResetter } from '../bench/cache-reset.ts';
import { executeBench } from '../bench/execute.ts';
import { BenchAbortedError } from '../bench/run.ts';
import { collectProvenance, mismatchWarnings } from '../bench/provenance.ts';
import type { TokenCounter } from '../bench/tokens.ts';
import { describeErrors } from '../bench/report.ts';
import { EXIT } from '../cli/options.ts';
import {
  Engine,
  classifyFailure,
  freePort,
  renderEngineCommand,
  startupSignature,
  tailLines,
  describeExit,
  type ExitInfo,
} from '../engine/engine.ts';
import { detectHardware } from '../setting.ts';
import { ms, perSecond } from '../util/format.ts';
import { sleep } from '../util/sleep.ts';
import { printBest } from './best.ts';
import { printFront } from './front.ts';
import { keepLease } from './lease-keeper.ts';
import { SessionWorkloadError, planForSession, sloFromConstraints, type SessionPlanOptions } from './session-plan.ts';

export interface TuneOptions extends SessionPlanOptions {
  api: MakoApi;
  sessionId: string;
  runnerName: string;
  /** Launch template; by default the launch template in the session runtime's flag list. */
  engineTemplate?: string | undefined;
  host: string;
  port?: number | undefined;
  healthTimeoutMs: number;
  healthPollMs: number;
  stopGraceMs: number;
  requestTimeoutMs: number;
  /** Reset each trial's prefix cache before its benchmark (--no-cache-reset turns it off). */
  cacheReset: boolean;
  counter: (model: string) => TokenCounter;
  logDir: string;
  maxTrials?: number | undefined;
  backoff: { initialMs: number; maxMs: number };
  gpuCostPerHour?: number | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
  signal: AbortSignal;
  interruptedExit: () => number;
  /** The runner's command line, the command's name first: recorded (secrets redacted) with each trial. */
  argv?: readonly string[];
}

/**
 * A trial is measured, failed, or client-limited: the runner could not send the session's load on
 * schedule, so its metrics describe this machine, not the configuration. The contract has no kind
 * for that (a failure kind would mark the configuration bad), so such a trial is not posted.
 */
type TrialResult =
  | { metrics: BenchmarkMetrics; provenance?: Provenance }
  | { failure: Failure; startup?: StartupFailure }
  | { clientLimited: string[]; metrics: BenchmarkMetrics };

/** An engine that exited before it became healthy: how, and its last lines for the user. */
interface StartupFailure {
  signature: string;
  exit: ExitInfo | null;
  lastLines: string[];
  logFile: string;
}

/** Stop after this many client-limited trials in a row: the machine cannot generate the session's load. */
const MAX_CLIENT_LIMITED_IN_A_ROW = 3;

function describeConfig(config: Record<string, unknown>): string {
  return Object.entries(config)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

class Interrupted extends Error {}

/** A trial's log or result file; a re-measure of a trial gets one of its own beside the trial's. */
const trialFile = (logDir: string, pending: PendingConfig, ext: 'log' | 'json') =>
  join(
    logDir,
    `trial-${pending.trial_number}${pending.remeasure ? `-remeasure-${pending.id.slice(0, 8)}` : ''}.${ext}`,
  );

export async function runTuneLoop(options: TuneOptions): Promise<number> {
  const { api, out, err, signal } = options;
  const session = await api.call('getSession', { params: { session_id: options.sessionId } });
  const { setting } = session;
  const runtime = setting.software.runtime;
  const model = setting.ml_model_name;
  const template = options.engineTemplate ?? engineFlagList(runtime).launch_template;
  const objective = `${session.objective.direction} ${session.objective.metric}`;
  out(
    `Session ${session.name} (${session.id}): ${model} on ${setting.hardware_config.count}x ${setting.hardware_config.name} · ${runtime} ${setting.software.version} · ${objective} · budget ${session.budget.max_trials} trials`,
  );
  const here = await detectHardware();
  if (here && (here.name !== setting.hardware_config.name || here.count !== setting.hardware_config.count))
    err(
      `warning: the session is for ${setting.hardware_config.count}x ${setting.hardware_config.name} but this machine has ${here.count}x ${here.name} (${here.source})`,
    );
  let slo = options.slo;
  if (!slo && session.objective.metric === 'goodput') {
    slo = sloFromConstraints(session);
    if (!slo)
      throw new SessionWorkloadError(
        'The session optimises goodput but has no latency constraints to derive an SLO from: pass --slo ttft_ms=…,tpot_ms=…',
      );
    out(
      `Goodput SLO from the session's constraints: ${Object.entries(slo)
        .map(([k, v]) => `${k}≤${v}`)
        .join(', ')}`,
    );
  }
  const plan = planForSession(session, { ...options, slo }, options.counter(model));
  mkdirSync(options.logDir, { recursive: true });
  out(`Engine logs and trial results go to ${options.logDir}`);

  let backoff = options.backoff.initialMs;
  let trials = 0;
  let limitedInARow = 0;

  /** Set once any engine answered its health check: from then on the command itself is known to work. */
  let commandWorks = false;

  const launch = async (config: PendingConfig['config'], logFile: string) => {
    const port = options.port ?? (await freePort(options.host));
    const command = renderEngineCommand(template, { runtime, model, config, port, host: options.host });
    out(`  $ ${command}`);
    // The engine never needs the MakoOptimize token.
    const env = { ...process.env };
    delete env.MAKO_TOKEN;
    const engine = Engine.start(command, { env, logFile });
    const baseUrl = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
    const health = await engine.waitHealthy(baseUrl, options.healthTimeoutMs, signal, options.healthPollMs);
    if (health === 'healthy') commandWorks = true;
    const startup =
      health === 'exited'
        ? {
            signature: startupSignature(engine.logs, engine.exitInfo),
            exit: engine.exitInfo,
            lastLines: tailLines(engine.logs, 5),
            logFile,
          }
        : undefined;
    return { engine, baseUrl, health, startup };
  };

  /**
   * A startup failure before any engine of this runner was healthy may be the command's, not the
   * configuration's: the same command with the engine's defaults (no flags) is the second try. Only
   * when it fails the same way is the configuration cleared of blame.
   */
  const failsWithDefaults = async (pending: PendingConfig, first: StartupFailure): Promise<boolean> => {
    out('  checking whether the engine command starts at all with the engine defaults (no flags)');
    const probe = await launch({}, trialFile(options.logDir, pending, 'log').replace(/\.log$/, '-defaults.log'));
    try {
      if (probe.health === 'aborted' || signal.aborted) throw new Interrupted();
      return probe.startup !== undefined && probe.startup.signature === first.signature;
    } finally {
      await probe.engine.stop(options.stopGraceMs);
    }
  };

  const evaluate = async (pending: PendingConfig): Promise<TrialResult> => {
    out(`trial ${pending.trial_number}${pending.remeasure ? ' (re-measure)' : ''}: ${describeConfig(pending.config)}`);
    const { engine, baseUrl, health, startup } = await launch(
      pending.config,
      trialFile(options.logDir, pending, 'log'),
    );
    try {
      if (health === 'aborted' || signal.aborted) throw new Interrupted();
      if (health === 'exited')
        return { failure: classifyFailure(engine.logs, engine.exitInfo, 'startup'), ...(startup ? { startup } : {}) };
      if (health === 'timeout') return { failure: classifyFailure(engine.logs, engine.exitInfo, 'health-timeout') };
      out(`  engine healthy at ${baseUrl}; benchmarking ${plan.numRequests} requests`);
      // What the engine says it runs with, against the configuration it was started with.
      const provenance = await collectProvenance({
        baseUrl,
        model,
        argv: options.argv ?? ['tune'],
        dataset: plan.dataset,
        asked: pending.config,
      });
      for (const w of mismatchWarnings(provenance)) err(`  warning: ${w}`);
      let outcome;
      try {
        outcome = await executeBench(
          {
            ...plan,
            endpoint: {
              baseUrl,
              type: plan.endpointType,
              model,
              ignoreEos: false,
              timeoutMs: options.requestTimeoutMs,
            },
          },
          {
            signal,
            // A fresh engine's cache is empty; the reset also covers an engine command that reuses a running server.
            cacheReset: createCacheResetter({ baseUrl, enabled: options.cacheReset, say: (line) => out(`  ${line}`) }),
          },
        );
      } catch (error) {
        if (signal.aborted) throw new Interrupted();
        if (error instanceof BenchAbortedError)
          return { failure: classifyFailure(engine.logs, engine.exitInfo, 'benchmark') };
        throw error;
      }
      if (signal.aborted) throw new Interrupted();
      const m = outcome.summary.metrics;
      // An engine that died or stopped answering mid-run failed, however many requests got through.
      if (engine.exitInfo || m.completed === 0) {
        const failure = classifyFailure(engine.logs, engine.exitInfo, 'benchmark');
        return {
          failure: {
            ...failure,
            message:
              `${failure.message}\nRequests: ${m.completed} completed, ${m.failed} failed${describeErrors(outcome.summary.errors)}`.slice(
                0,
                4000,
              ),
          },
        };
      }
      for (const w of outcome.warnings) err(`warning: ${w}`);
      if (outcome.run.overhead.client_limited)
        return { clientLimited: outcome.run.overhead.client_limited_reasons, metrics: m };
      return { metrics: m, provenance };
    } finally {
      await engine.stop(options.stopGraceMs);
    }
  };

  const post = async (pending: PendingConfig, result: { metrics: BenchmarkMetrics } | { failure: Failure }) => {
    const cost =
      'metrics' in result && options.gpuCostPerHour !== undefined && result.metrics.output_throughput > 0
        ? ((setting.hardware_config.count * options.gpuCostPerHour) / 3600 / result.metrics.output_throughput) * 1e6
        : null;
    const body = {
      pending_config_id: pending.id,
      ...result,
      ...(cost !== null ? { cost_per_million_tokens: cost } : {}),
    };
    writeFileSync(
      trialFile(options.logDir, pending, 'json'),
      `${JSON.stringify({ config: pending.config, ...body }, null, 2)}\n`,
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const saved = await api.call('postResult', { params: { session_id: session.id }, body });
        return saved;
      } catch (error) {
        const retriable =
          error instanceof NetworkError || (error instanceof ApiError && (error.status === 429 || error.status >= 500));
        if (!retriable || attempt >= 4) throw error;
        err(`warning: posting trial ${pending.trial_number} failed (${error.message}); retrying`);
        await sleep(1000 * 2 ** attempt, signal);
      }
    }
  };

  /** Gives a lease back to the session unmeasured; the server's reason when it could not. */
  const releaseLease = async (pending: PendingConfig): Promise<string | null> => {
    try {
      await api.call('releaseConfig', { params: { session_id: session.id, pending_config_id: pending.id } });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  /**
   * The engine command fails the same way with the configuration and with the defaults: nothing
   * measured here would be about the configuration, so no trial is recorded, the lease goes back to
   * the session, and the runner stops instead of spending the session's budget on crashes.
   */
  const brokenCommand = async (pending: PendingConfig, failure: StartupFailure): Promise<number> => {
    err(
      `error: the engine command fails the same way with trial ${pending.trial_number}'s configuration and with the engine's defaults (${describeExit(failure.exit)}), so no configuration can be measured with it. Its last lines (${failure.logFile}):`,
    );
    for (const line of failure.lastLines) err(`  ${line}`);
    const notReleased = await releaseLease(pending);
    err(
      notReleased === null
        ? 'No trial was recorded; the configuration went back to the session.'
        : `No trial was recorded; the lease could not be given back (${notReleased}) and will lapse on the server.`,
    );
    err('Fix --engine-cmd (or MAKO_ENGINE_CMD) and run tune again.');
    return EXIT.failure;
  };

  try {
    for (;;) {
      if (signal.aborted) throw new Interrupted();
      if (options.maxTrials !== undefined && trials >= options.maxTrials) {
        out(`Stopping after ${trials} trial(s) (--max-trials); the session goes on without this runner.`);
        return EXIT.ok;
      }
      let leased;
      try {
        leased = await api.call('nextConfigs', {
          params: { session_id: session.id },
          query: { name: options.runnerName },
          body: { count: 1 },
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          out(`${API_MESSAGES.pendingEvaluations}; asking again in ${(backoff / 1000).toFixed(1)} s`);
          await sleep(backoff, signal);
          backoff = Math.min(options.backoff.maxMs, backoff * 2);
          continue;
        }
        if (error instanceof ApiError && error.status === 410)
          return session.objectives
            ? await printFront(options.api, options.out, session.id)
            : await printBest(options.api, options.out, session);
        throw error;
      }
      backoff = options.backoff.initialMs;
      for (const pending of leased.configs) {
        const lease = keepLease(api, pending, (detail) =>
          err(`warning: trial ${pending.trial_number}'s lease is no longer held (${detail})`),
        );
        let result: TrialResult;
        try {
          result = await evaluate(pending);
          // An out-of-memory start says something about the configuration; any other may be the command's.
          const suspect = 'failure' in result && result.failure.kind !== 'oom' ? result.startup : undefined;
          if (suspect && !commandWorks && (await failsWithDefaults(pending, suspect))) {
            lease.stop();
            return await brokenCommand(pending, suspect);
          }
        } catch (error) {
          lease.stop();
          throw error;
        }
        trials++;
        if ('clientLimited' in result) {
          writeFileSync(
            trialFile(options.logDir, pending, 'json'),
            `${JSON.stringify({ config: pending.config, client_limited: result.clientLimited, metrics: result.metrics, posted: false }, null, 2)}\n`,
          );
          out(
            `  → invalid trial, not posted: client-limited (${result.clientLimited.join('; ')}); the lease will expire and the configuration can be offered again`,
          );
          if (++limitedInARow >= MAX_CLIENT_LIMITED_IN_A_ROW) {
            err(
              `error: ${limitedInARow} trials in a row were client-limited: this machine cannot send the session's load on schedule. Run the runner on a less busy machine.`,
            );
            return EXIT.failure;
          }
          lease.stop();
          continue;
        }
        limitedInARow = 0;
        const saved = await post(pending, result)
          .finally(() => lease.stop())
          .catch(async (error: unknown) => {
            if (error instanceof ApiError && error.status === 409) {
              err(
                `warning: trial ${pending.trial_number} was not accepted (${error.detail}); its lease may have expired`,
              );
              return null;
            }
            // The result is lost with this error: the configuration goes back to the search now, not when the lease lapses.
            const notReleased = await releaseLease(pending);
            if (notReleased !== null)
              err(
                `warning: trial ${pending.trial_number}'s lease could not be given back (${notReleased}); it will lapse on the server`,
              );
            throw error;
          });
        if ('failure' in result) {
          out(`  → ${result.failure.kind}: ${result.failure.message.split('\n')[0]}`);
          // The headline ends with the last error line; the ones before it often carry the rest of the cause.
          const lines = result.failure.message.split('\n');
          const from = lines.indexOf('Last error lines:');
          const to = lines.indexOf('Log tail:');
          if (from >= 0 && to > from) for (const line of lines.slice(from + 1, to - 1)) out(`    ${line}`);
        } else {
          const m = result.metrics;
          const value = readMetric(m, session.objective.metric, { gpuCount: setting.hardware_config.count });
          out(
            `  → ${session.objective.metric} ${value === null ? 'n/a' : perSecond(value)} · output ${perSecond(m.output_throughput)} tok/s · TTFT p99 ${ms(m.ttft_ms.p99)} ms · TPOT p99 ${ms(m.tpot_ms.p99)} ms${
              m.failed ? ` · ${m.failed} failed` : ''
            }${saved ? (saved.feasible ? '' : ' · infeasible (a constraint failed)') : ''}`,
          );
        }
      }
    }
  } catch (error) {
    if (error instanceof Interrupted || signal.aborted) {
      err('Interrupted: the engine was stopped; the leased configuration will expire on the server.');
      return options.interruptedExit();
    }
    throw error;
  }
}
