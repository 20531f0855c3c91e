import { expect, waitFor } from 'storybook/test';
import type { within } from 'storybook/test';
import { DARK_THEME } from './story-kit';

/*
 * What the stories of primitives, foundations and the first screens (a–h) make alike, beside
 * story-kit: the checks (each asserts what the user sees or what assistive technology reads, so a
 * story that calls one still fails when that behaviour breaks) and the story variants they derive.
 * For *.stories.tsx only; no component imports it.
 */

/** The headline figure of a tuning session, as a Stat shows it (primitives' stories lay it out in a card, a row…). */
export const BEST_THROUGHPUT_STAT = {
  label: 'Output throughput',
  value: '14,930',
  unit: 'tok/s',
  delta: '38 % higher than the defaults',
  trend: 'better',
  size: 'lg',
} as const;

/**
 * Waits for the chart's plot: recharts arrives in a lazily loaded chunk, after the figure, summary
 * and legend. A screen with several charts loads more, hence the longer `timeout` there.
 */
export async function waitForChartPlot(canvasElement: HTMLElement, timeout = 5000): Promise<void> {
  await waitFor(() => expect(canvasElement.querySelector('[data-chart-plot] svg.recharts-surface')).not.toBeNull(), {
    timeout,
  });
}

/** A status shown in its `tone`, in words and with an icon: colour is never the only signal. */
export async function expectToneWithIcon(element: HTMLElement, tone: string): Promise<void> {
  await expect(element).toHaveAttribute('data-tone', tone);
  await expect(element.querySelector('svg')).not.toBeNull();
}

/** A control with an error: marked invalid, and the error (then any hint) is read with it. */
export async function expectInvalid(control: HTMLElement, description: string | RegExp): Promise<void> {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(description);
}

/**
 * A labelled control's WithError story: `args` set the `error` (and the `hint` the control shows);
 * the error shows, marks the control that `control` finds invalid and is read with it, before the hint.
 */
export const withErrorStory = <const A extends { error: string; hint?: string }>(
  args: A,
  control: (canvas: ReturnType<typeof within>) => HTMLElement,
) => ({
  args,
  play: async ({ canvas }: { canvas: ReturnType<typeof within> }) => {
    await expect(canvas.getByText(args.error)).toBeVisible();
    await expectInvalid(control(canvas), args.hint ? `${args.error} ${args.hint}` : args.error);
  },
});

/** Text for assistive technology only: it takes at most the 1 px box the clip leaves, so nothing of it is seen. */
export async function expectNoRoomOnScreen(element: HTMLElement): Promise<void> {
  const box = element.getBoundingClientRect();
  await expect(box.width).toBeLessThanOrEqual(1);
  await expect(box.height).toBeLessThanOrEqual(1);
  await expect(getComputedStyle(element).overflow).toBe('hidden');
}

/** A graphic (an icon, a spinner) that was given a name: it is read as that, and drawn `size` px wide. */
export async function expectNamedGraphic(graphic: HTMLElement, size: number): Promise<void> {
  await expect(graphic).not.toHaveAttribute('aria-hidden');
  await expect(graphic.getBoundingClientRect().width).toBe(size);
}

/** The chart in the dark theme, shown once its plot has loaded: a screenshot before that catches the skeleton. */
export const darkChartStory = () => ({
  globals: DARK_THEME,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await waitForChartPlot(canvasElement);
  },
});

interface Clicker {
  click: (element: Element) => Promise<void>;
}

/** A disabled button: a click does not reach `handler`. */
export async function expectClicksIgnored(button: HTMLElement, user: Clicker, handler: unknown): Promise<void> {
  await expect(button).toBeDisabled();
  await user.click(button);
  await expect(handler).not.toHaveBeenCalled();
}

/**
 * A button whose action is running: it says so (aria-busy) and spins, and is disabled, so a
 * second click does not reach `handler`.
 */
export async function expectBusy(button: HTMLElement, user: Clicker, handler: unknown): Promise<void> {
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button.querySelector('[data-spinner]')).not.toBeNull();
  await expectClicksIgnored(button, user, handler);
}

/** A Copy button in `scope`: the click hands `value` to `copied` (the clipboard or a callback) and the button says 'Copied'. */
export async function expectCopyConfirmed(
  scope: Pick<ReturnType<typeof within>, 'getByRole' | 'findByRole'>,
  user: Clicker,
  { button = 'Copy', copied, value }: { button?: string; copied: unknown; value: unknown },
): Promise<void> {
  await user.click(scope.getByRole('button', { name: button }));
  await expect(copied).toHaveBeenCalledWith(value);
  await expect(await scope.findByRole('button', { name: 'Copied' })).toBeVisible();
}

/**
 * Copy puts `value` (or what matches it) on the clipboard that stubClipboard stands in for, reports
 * it to `onCopy` when given, and the button says Copied.
 */
export async function expectCopies(
  canvas: Pick<ReturnType<typeof within>, 'getByRole' | 'findByRole'>,
  user: Clicker,
  value: unknown,
  onCopy?: unknown,
): Promise<void> {
  await expectCopyConfirmed(canvas, user, { copied: navigator.clipboard.writeText, value });
  if (onCopy) await expect(onCopy).toHaveBeenCalledWith(value);
}

/** ExportButtons in `canvas`: each button hands its format to `onExport` (the app makes the download). */
export async function expectExportsEachFormat(
  canvas: Pick<ReturnType<typeof within>, 'getByRole'>,
  user: Clicker,
  onExport: unknown,
): Promise<void> {
  for (const format of ['csv', 'json']) {
    await user.click(canvas.getByRole('button', { name: `Export ${format.toUpperCase()}` }));
    await expect(onExport).toHaveBeenLastCalledWith(format);
  }
}

/** The texts of `elements` in order: a list's items, a table's headers, as the user reads them. */
export const textsOf = (elements: readonly Element[]) => elements.map((element) => element.textContent);
