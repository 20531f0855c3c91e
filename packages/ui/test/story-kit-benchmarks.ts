import { fn } from 'storybook/test';
import { FIXTURE_NOW } from '../src/screens/benchmark-common/benchmark-common.fixtures';

/*
 * The args the benchmark screens' stories share (search, best-setup report, the single benchmarks'
 * list and detail): spread them into a meta's args beside what is the screen's own. For
 * *.stories.tsx only; no component imports it.
 */

/** The fixtures' clock, read in UTC, so the dates a screen shows do not depend on the machine's zone. */
export const FIXTURE_CLOCK = { now: FIXTURE_NOW, timeZone: 'UTC' };

/** A benchmark screen's Retry (after a failed load) and Copy of a runner command: fresh mocks for each story file. */
export const retryAndCopyArgs = () => ({ onRetry: fn(), onCopyCommand: fn() });
