import type { Benchmark, BenchmarkSetting } from '@mako/contract';
import preview from '../../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  FIXTURE_NOW,
  VLLM_DEFAULTS,
  llamaH100Benchmarks,
  llamaH100Manual,
  llamaH100Setting,
} from '../benchmark-common/benchmark-common.fixtures';
import { COMPLETE_BEST, COMPLETE_RESULTS, COMPLETE_SESSION } from '../tuning-sessions/tuning-sessions.fixtures';
import { tuningSessionTitle } from '../tuning-common/tuning-format';
import { benchmarkSettingTitle } from '../benchmark-common/benchmark-data';
import type { TuningBest, TuningResult, TuningSession } from '@mako/contract';
import { SingleBenchmarkDetail } from '../single-benchmark-detail';
import { TuningSessionDetailScreen } from '../tuning-session-detail';
import { stubClipboard } from '../../../test/story-kit';
import {
  PUBLIC_LINK_NOTE,
  PUBLIC_PAGE_NOTE,
  PublicNotAvailable,
  PublicPage,
  SessionShare,
  ShareLinks,
} from './share-pages';
import { expectNoOwnerControls } from './share-pages.plays';

const meta = preview.meta({
  title: 'Screens/Share pages',
  component: PublicPage,
  parameters: { padded: false },
  args: { children: null },
  beforeEach: stubClipboard,
});

const published = llamaH100Benchmarks.filter((benchmark) => benchmark.published);
const ignore = fn();

/** The setting screen as a share page shows it. */
const publicBenchmarks = (setting: BenchmarkSetting, benchmarks: readonly Benchmark[]) => (
  <SingleBenchmarkDetail
    status="success"
    readOnly
    showTitle={false}
    setting={setting}
    benchmarks={benchmarks}
    runtimeDefaults={VLLM_DEFAULTS}
    onPublishChange={ignore}
    onDelete={ignore}
    now={FIXTURE_NOW}
    timeZone="UTC"
  />
);

/** The session screen as a share page shows it: every trial, the first 20 in the table. */
const publicSession = (session: TuningSession, best: TuningBest | null, trials: readonly TuningResult[]) => (
  <TuningSessionDetailScreen
    status="success"
    readOnly
    showTitle={false}
    session={session}
    best={best}
    results={{ data: trials.slice(0, 20), count: trials.length }}
    trials={trials}
    onExport={ignore}
    now={FIXTURE_NOW}
  />
);

export const PublicSetting = meta.story({
  args: {
    title: benchmarkSettingTitle(llamaH100Setting),
    children: publicBenchmarks({ ...llamaH100Setting, benchmark_count: published.length }, published),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: benchmarkSettingTitle(llamaH100Setting) }),
    ).toBeVisible();
    await expect(canvas.getByText(PUBLIC_PAGE_NOTE)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: `Benchmarks (${published.length})` })).toBeVisible();
    await expectNoOwnerControls(canvasElement);
  },
});

export const PublicBenchmark = meta.story({
  args: {
    title: 'meta-llama/Llama-3.1-8B-Instruct benchmark on 1x H100',
    children: publicBenchmarks(llamaH100Setting, [llamaH100Manual]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Benchmarks (1)' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Latency percentiles in ms' })).toBeVisible();
    await expectNoOwnerControls(canvasElement);
  },
});

export const PublicSession = meta.story({
  args: {
    title: tuningSessionTitle(COMPLETE_SESSION.setting),
    children: publicSession(COMPLETE_SESSION, COMPLETE_BEST, COMPLETE_RESULTS),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: tuningSessionTitle(COMPLETE_SESSION.setting) }),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Trial results' })).toBeVisible();
    await expect(canvas.queryByText(/Add a runner|Start a runner/)).toBeNull();
    await expectNoOwnerControls(canvasElement);
  },
});

/** A session that finished without any trial: no runner command to start one on a stranger's page. */
export const PublicSessionWithoutTrials = meta.story({
  args: {
    title: tuningSessionTitle(COMPLETE_SESSION.setting),
    children: publicSession({ ...COMPLETE_SESSION, status: 'failed', best: null }, null, []),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No trial of this session was reported.')).toBeVisible();
    await expect(canvas.queryByText(/mako-runner/)).toBeNull();
  },
});

export const NotAvailable = meta.story({
  args: { children: <PublicNotAvailable what="benchmark" action={<a href="/">Go to MakoOptimize</a>} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
    await expect(
      canvas.getByText('This benchmark is not available. It may be private, no longer shared, or deleted.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to MakoOptimize' })).toHaveAttribute('href', '/');
  },
});

/** The owner's side: the public addresses of a published benchmark and its setting, to copy. */
export const OwnerShareLinks = meta.story({
  render: () => {
    const onCopy = fn();
    return (
      <div style={{ padding: 24, maxWidth: 560 }}>
        <ShareLinks
          links={[
            { label: 'Public page of this benchmark', url: 'https://mako.example.com/share/benchmarks/b-1' },
            { label: 'Public page of this setting', url: 'https://mako.example.com/share/settings/s-1' },
          ]}
          emptyNote="Publish a benchmark to give it, and this setting, a public page."
          onCopy={onCopy}
        />
        <ShareLinks links={[]} emptyNote="Publish a benchmark to give it, and this setting, a public page." />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Public page of this benchmark' })).toHaveValue(
      'https://mako.example.com/share/benchmarks/b-1',
    );
    await expect(canvas.getAllByText(PUBLIC_LINK_NOTE)).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: /copy/i })[0]!);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://mako.example.com/share/benchmarks/b-1');
    await expect(canvas.getByText('Publish a benchmark to give it, and this setting, a public page.')).toBeVisible();
  },
});

function SessionShareDemo({ finished }: { finished: boolean }) {
  const [shared, setShared] = useState(false);
  return (
    <div style={{ padding: 24, maxWidth: 560 }}>
      <SessionShare
        shared={shared}
        finished={finished}
        url="https://mako.example.com/share/tuning-sessions/t-1"
        onSharedChange={setShared}
      />
    </div>
  );
}

export const OwnerSharesFinishedSession = meta.story({
  render: () => <SessionShareDemo finished />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: 'Public link' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Share publicly' }));
    await expect(canvas.getByRole('textbox', { name: 'Public link' })).toHaveValue(
      'https://mako.example.com/share/tuning-sessions/t-1',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Stop sharing' }));
    await expect(canvas.queryByRole('textbox', { name: 'Public link' })).toBeNull();
  },
});

export const OwnerCannotShareRunningSession = meta.story({
  render: () => <SessionShareDemo finished={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Share publicly' })).toBeDisabled();
    await expect(canvas.getByText('A session can be shared once it is finished.')).toBeVisible();
  },
});
