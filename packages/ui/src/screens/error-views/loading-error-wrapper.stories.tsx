import preview from '../../../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { Card } from '../../primitives/card';
import { phoneStory, withMaxWidth } from '../../../test/story-kit';
import { expectBusy } from '../../../test/story-kit-parts';
import { LoadingErrorWrapper } from './loading-error-wrapper';

const content = (
  <Card title="Tokens">
    <p>3 active tokens</p>
  </Card>
);

const meta = preview.meta({
  title: 'Screens/Errors/LoadingErrorWrapper',
  component: LoadingErrorWrapper,
  args: { children: content, onRetry: fn(), loadingLabel: 'Loading tokens' },
  decorators: [withMaxWidth(640)],
});

export const Loading = meta.story({
  tags: ['visual'],
  args: { isLoading: true },
  play: async ({ canvas, step }) => {
    await step('a busy region is announced while the skeleton shows', async () => {
      const status = canvas.getByRole('status');
      await expect(status).toHaveAttribute('aria-busy', 'true');
      await expect(status).toHaveTextContent('Loading tokens');
    });
    await step('the content is not rendered yet', async () => {
      await expect(canvas.queryByRole('heading', { name: 'Tokens' })).not.toBeInTheDocument();
    });
  },
});

export const ErrorState = meta.story({
  tags: ['visual'],
  args: { error: { statusText: 'Service Unavailable', detail: 'The database is restarting. Try again in a minute.' } },
  play: async ({ canvas, args, step, userEvent }) => {
    await step("the headline names the status, then the body's detail", async () => {
      const alert = canvas.getByRole('alert');
      await expect(alert).toHaveTextContent('Something went wrong: Service Unavailable');
      await expect(alert).toHaveTextContent('The database is restarting. Try again in a minute.');
      await expect(alert).not.toHaveTextContent('Unknown error');
      await expect(canvas.queryByRole('heading', { name: 'Tokens' })).not.toBeInTheDocument();
    });
    await step('Retry calls onRetry', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
      await expect(args.onRetry).toHaveBeenCalledTimes(1);
    });
  },
});

export const ErrorWithoutDetail = meta.story({
  args: { error: { statusText: 'Bad Gateway', detail: null } },
  play: async ({ canvas, step }) => {
    await step("a missing detail reads 'Unknown error'", async () => {
      const alert = canvas.getByRole('alert');
      await expect(alert).toHaveTextContent('Something went wrong: Bad Gateway');
      await expect(alert).toHaveTextContent('Unknown error');
    });
  },
});

export const Retrying = meta.story({
  args: { error: { statusText: 'Bad Gateway' }, retrying: true },
  play: async ({ canvas, args, userEvent }) => {
    await expectBusy(canvas.getByRole('button', { name: 'Retry' }), userEvent, args.onRetry);
  },
});

export const WithoutRetry = meta.story({
  args: { error: { statusText: 'Forbidden', detail: 'Not enough permissions' }, onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Not enough permissions');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
});

export const Success = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('with data and no error the children render', async () => {
      await expect(canvas.getByRole('heading', { name: 'Tokens' })).toBeVisible();
      await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
      await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    });
  },
});

const renderContent = fn(() => content);

export const RenderFunctionWaitsForData = meta.story({
  args: { isLoading: true, children: renderContent },
  beforeEach: () => {
    renderContent.mockClear();
  },
  play: async ({ step }) => {
    await step('a function child is not called while loading, so it may read data freely', async () => {
      await expect(renderContent).not.toHaveBeenCalled();
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: { theme: 'dark' },
  args: { error: { statusText: 'Service Unavailable', detail: 'The database is restarting. Try again in a minute.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong: Service Unavailable');
  },
});

export const Mobile = meta.story({
  args: { error: { statusText: 'Service Unavailable', detail: 'The database is restarting. Try again in a minute.' } },
  ...phoneStory(),
});
