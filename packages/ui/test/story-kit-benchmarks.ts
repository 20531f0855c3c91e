import { fn } from 'storybook/test';
import {
  FIXTURE_NOW,
  VIEWER_ID,
  VLLM_DEFAULTS,
  llamaH100Benchmarks,
  llamaH100Setting,
} from '../src/screens/benchmark-common/benchmark-common.fixtures';

/*
 * The args the benchmark screens' stories share (search, best-setup report, the single benchmarks'
 * list and detail): spread them into a meta's args beside what is the screen's own. For
 * *.stories.tsx only; no component imports it.
 */

/** The fixtures' clock, read in UTC, so the dates a screen shows do not depend on the machine's zone. */
export const FIXTURE_CLOCK = { now: FIXTURE_NOW, timeZone: 'UTC' };

/** A benchmark screen's Retry (after a failed load) and Copy of a runner command: fresh mocks for each story file. */
export const retryAndCopyArgs = () => ({ onRetry: fn(), onCopyCommand: fn() });

/** The fastest benchmark of Llama 3.1 8B on 1x H100: the one that setting's detail screen shows first. */
export const llamaH100Fastest = llamaH100Benchmarks.reduce((a, b) =>
  b.metrics.output_throughput > a.metrics.output_throughput ? b : a,
);

/**
 * The detail screen of Llama 3.1 8B on 1x H100 as its owner sees it, with fresh callbacks: the
 * detail stories spread it into their meta's args beside the benchmark each one opens.
 */
export const llamaH100DetailArgs = () => ({
  status: 'success' as const,
  setting: llamaH100Setting,
  benchmarks: llamaH100Benchmarks,
  viewerId: VIEWER_ID,
  runtimeDefaults: VLLM_DEFAULTS,
  onSelectBenchmark: fn(),
  onPublishChange: fn(),
  onDelete: fn(),
  ...FIXTURE_CLOCK,
});
