import { expect, fn, screen, waitFor, within } from 'storybook/test';
import type { UserEventObject } from 'storybook/test';
import { DARK_THEME, expectFitsPhone, failedLoadStory, PHONE } from './story-kit';
import { textsOf, waitForChartPlot } from './story-kit-parts';

export { expectCopyConfirmed } from './story-kit-parts';

/*
 * Checks that the screens' stories repeat: page titles, tables and selects, clicks the app receives,
 * confirmations, copy buttons, busy buttons, the forms that mail a link or log in, ticking rows for
 * Compare, the outcome pages, the empty, loading and failed states, and the lazily drawn charts; and
 * the token lists' callbacks. Each takes the few words that differ; for *.stories.tsx only, no
 * component imports it. The states shared by every screen (dark, phone, a failed load) are
 * story-kit.tsx's; the benchmark screens' args are story-kit-benchmarks.ts's.
 */

type Canvas = ReturnType<typeof within>;
type User = Pick<UserEventObject, 'click' | 'type' | 'tab'>;
type Step = (label: string, play: () => Promise<void>) => unknown;

/** The callbacks of a token list (TokenManager and the token pages built on it): fresh mocks for each story file. */
export const tokenListCallbacks = () => ({ onCreate: fn(), onRevoke: fn(), onRetry: fn() });

/** How long a whole screen's chart may take: it loads more than a chart alone, and on a cold, busy machine Vite is slow to serve it. */
export const SCREEN_CHART_TIMEOUT = 30_000;

/** The page has one h1, and it reads `title` (the spec's words). */
export async function expectPageTitle(canvas: Canvas, title: string): Promise<void> {
  const headings = canvas.getAllByRole('heading', { level: 1 });
  await expect(headings).toHaveLength(1);
  await expect(headings[0]).toHaveAccessibleName(title);
  await expect(headings[0]).toBeVisible();
}

/** The elements' texts, in order, are `texts`: a table's column headers, a row's cells, a list's items. */
export async function expectTexts(elements: readonly Element[], texts: readonly (string | null)[]): Promise<void> {
  await expect(textsOf(elements)).toEqual(texts);
}

/** The select offers each of `options`, by the names the user reads. */
export async function expectOffers(select: HTMLElement, options: readonly string[]): Promise<void> {
  for (const name of options) await expect(within(select).getByRole('option', { name })).toBeInTheDocument();
}

/** The table's rows under its header, top to bottom, are named `names` in their first cells. */
export async function expectRowsNamed(table: HTMLElement, names: readonly string[]): Promise<void> {
  const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
  await expect(rows.map((row) => row.cells[0]?.textContent)).toEqual(names);
}

/** Clicking `button` reports to `callback` once, with `expected`. */
export async function expectClickReportsOnce(
  button: HTMLElement,
  user: User,
  callback: unknown,
  ...expected: unknown[]
): Promise<void> {
  await user.click(button);
  await expect(callback).toHaveBeenCalledTimes(1);
  await expect(callback).toHaveBeenCalledWith(...expected);
}

/** A link the app handles: a real `href` (so a new tab works), and a plain click reported to `onOpen` with `id` instead. */
export async function expectAppHandledLink(
  link: HTMLElement,
  user: User,
  { href, onOpen, id }: { href: string; onOpen: unknown; id: string },
): Promise<void> {
  await expect(link).toHaveAttribute('href', href);
  await expectClickReportsOnce(link, user, onOpen, id);
}

/** In the open confirmation, Cancel closes it and `callback` (the destructive action) is not called. */
export async function expectCancelKeepsIt(user: User, callback: unknown): Promise<void> {
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  await expect(callback).not.toHaveBeenCalled();
}

/** A new secret in its dialog, in the field labelled `label`: in full, in monospace, with 'You will not see it again'. */
export async function expectSecretShownOnce(dialog: HTMLElement, label: string, secret: string): Promise<void> {
  const field = within(dialog).getByRole('textbox', { name: label });
  await expect(field).toHaveValue(secret);
  await expect(getComputedStyle(field).fontFamily).toMatch(/JetBrains Mono/);
  await expect(field).toHaveAccessibleDescription('You will not see it again');
}

/**
 * A submit with required answers missing: each `missing` message shows (by default the address's
 * 'Please enter your email address'), the `first` field (by default E-mail) takes the focus, and
 * nothing is sent.
 */
export async function expectEmptySubmitRefused(
  canvas: Canvas,
  user: User,
  {
    submit,
    callback,
    missing = ['Please enter your email address'],
    first = () => canvas.getByLabelText('E-mail'),
  }: { submit: string; callback: unknown; missing?: readonly string[]; first?: () => HTMLElement },
): Promise<void> {
  await user.click(canvas.getByRole('button', { name: submit }));
  for (const message of missing) await expect(canvas.getByText(message)).toBeVisible();
  await expect(first()).toHaveFocus();
  await expect(callback).not.toHaveBeenCalled();
}

/** A form's submit while its request runs: disabled and busy, so it cannot be sent twice. */
export async function expectSubmitBusy(canvas: Canvas, name: string): Promise<HTMLElement> {
  const button = canvas.getByRole('button', { name });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  return button;
}

/** The server refused: its message is announced and the submit stays ready for another try. */
export async function expectFormFailure(canvas: Canvas, message: string, submit: string): Promise<void> {
  await expect(canvas.getByRole('alert')).toHaveTextContent(message);
  await expect(canvas.getByRole('button', { name: submit })).toBeEnabled();
}

/** A form story while its request runs (`args` make it busy, with the address filled in): the submit is disabled and busy. */
export const submitBusyStory = <const A extends object>(args: A, submit: string) => ({
  args,
  play: async ({ canvas }: { canvas: Canvas }) => {
    await expectSubmitBusy(canvas, submit);
  },
});

/** A form story whose request the server refused (`args` carry its `error`): expectFormFailure's checks. */
export const formFailureStory = <const A extends { error: string }>(args: A, submit: string) => ({
  args,
  play: ({ canvas }: { canvas: Canvas }) => expectFormFailure(canvas, args.error, submit),
});

/** `typed` in the e-mail field, then leaving it, shows 'Invalid email address'. */
export async function expectInvalidAddressOnBlur(canvas: Canvas, user: User, typed: string): Promise<void> {
  await user.type(canvas.getByLabelText('E-mail'), typed);
  await user.tab();
  await expect(canvas.getByText('Invalid email address')).toBeVisible();
}

/** A sent form gives way to its confirmation, which takes the focus so that it is heard. */
export async function expectSentConfirmation(canvas: Canvas, text: string): Promise<void> {
  const status = canvas.getByRole('status');
  await expect(status).toHaveTextContent(text);
  await expect(canvas.queryByLabelText('E-mail')).not.toBeInTheDocument();
  await waitFor(() => expect(status.parentElement).toHaveFocus());
}

/** A one-step outcome page: its heading, and the link on that the app's router receives. */
export async function expectOutcomeLeadsOn(
  { canvas, user, navigate }: { canvas: Canvas; user: User; navigate: unknown },
  { heading, link, href }: { heading: string; link: string; href: string },
): Promise<void> {
  await expect(canvas.getByRole('heading', { name: heading })).toBeVisible();
  await user.click(canvas.getByRole('link', { name: link }));
  await expect(navigate).toHaveBeenCalledWith(href);
}

/** An empty list says what to do next, with the command that fills it (`label` names the command's field). */
export async function expectEmptyWithCommand(
  canvas: Canvas,
  { heading, command, label = 'Run this command' }: { heading: string; command: string | RegExp; label?: string },
): Promise<void> {
  await expect(canvas.getByRole('heading', { name: heading })).toBeVisible();
  await expect(canvas.getByRole('textbox', { name: label })).toHaveTextContent(command);
}

/**
 * A list whose rows can be ticked for Compare, 2 to 4 of them (`noun` names the rows: 'benchmarks',
 * 'trials'). `order` is five tickable rows in the order the story ticks them, `box` a row's checkbox
 * and `idOf` the benchmark Compare opens for it: Compare waits for two, opens the first two in the
 * order they were ticked, and a fifth cannot be ticked until one of four is un-ticked.
 */
export async function expectTicksToCompare<Row>(
  { canvas, step, user, onCompare }: { canvas: Canvas; step: Step; user: User; onCompare: unknown },
  {
    noun,
    box,
    idOf,
    order: [first, second, third, fourth, fifth],
  }: {
    noun: string;
    box: (row: Row) => HTMLElement;
    idOf: (row: Row) => unknown;
    order: readonly [Row, Row, Row, Row, Row];
  },
): Promise<void> {
  const compare = canvas.getByRole('button', { name: 'Compare' });
  await step('nothing ticked: Compare waits for two', async () => {
    await expect(canvas.getByText(`Tick 2–4 ${noun} to compare them side by side.`)).toBeVisible();
    await expect(compare).toBeDisabled();
  });
  await step('two ticked: Compare opens their benchmarks, in the order they were ticked', async () => {
    await user.click(box(first));
    await user.click(box(second));
    await expect(canvas.getByText('2 of 4 selected for comparison')).toBeVisible();
    await user.click(compare);
    await expect(onCompare).toHaveBeenCalledWith([idOf(first), idOf(second)]);
  });
  await step('four is the most: a fifth cannot be ticked until one is un-ticked', async () => {
    await user.click(box(third));
    await user.click(box(fourth));
    await expect(canvas.getByText('4 of 4 selected for comparison')).toBeVisible();
    await expect(box(fifth)).toBeDisabled();
    await user.click(box(fourth));
    await expect(box(fifth)).toBeEnabled();
  });
}

/** The screen with nothing to list (`args` empty its data): expectEmptyWithCommand's checks of what it says to do next. */
export const emptyWithCommandStory = <const A extends object>(
  args: A,
  empty: Parameters<typeof expectEmptyWithCommand>[1],
) => ({
  args,
  play: ({ canvas }: { canvas: Canvas }) => expectEmptyWithCommand(canvas, empty),
});

/**
 * The screen while its data loads: `args` clear the data and say so; a status reads `label`, and
 * `meanwhile` checks what the screen shows (or holds back) in the meantime.
 */
export const loadingStory = <const A extends object>(
  args: A,
  label: string,
  meanwhile: (canvas: Canvas) => Promise<void>,
) => ({
  args,
  play: async ({ canvas }: { canvas: Canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(label);
    await meanwhile(canvas);
  },
});

/**
 * A screen with a `status` prop whose load failed: `status: 'error'`, its `data` prop cleared and the
 * `error` given; the play is story-kit's failedLoadStory (the failure named, Retry calls onRetry).
 */
export const failedStatusStory = <const K extends string>(
  data: K,
  error: { statusText: string; detail: string | null },
) => failedLoadStory({ status: 'error' as const, error, ...({ [data]: undefined } as Record<K, undefined>) });

/*
 * Whole states of the screens with a chart, to spread into a story as story-kit's darkThemeStory and
 * phoneStory are: the chart is drawn before the screenshot is taken.
 */

/**
 * The screen with its chart in the dark theme (story-kit-parts' darkChartStory is a chart's alone):
 * `shown` picks what else must be visible; `globals` adds a viewport.
 */
export const darkChartScreenStory = (shown?: (canvas: Canvas) => HTMLElement, globals: object = {}) => ({
  globals: { ...DARK_THEME, ...globals },
  play: async ({ canvas, canvasElement }: { canvas: Canvas; canvasElement: HTMLElement }) => {
    await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
    if (shown) await expect(shown(canvas)).toBeVisible();
  },
});

/** The screen with its chart on a phone: drawn, as wide as the screen, and each of `reachable` shown within it. */
export const phoneChartStory = (...reachable: ((canvas: Canvas) => HTMLElement)[]) => ({
  globals: PHONE,
  play: async ({ canvas, canvasElement }: { canvas: Canvas; canvasElement: HTMLElement }) => {
    await waitForChartPlot(canvasElement, SCREEN_CHART_TIMEOUT);
    await expectFitsPhone(canvasElement);
    for (const element of reachable.map((pick) => pick(canvas))) {
      await expect(element).toBeVisible();
      await expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(375);
    }
  },
});
