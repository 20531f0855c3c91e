import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { Button } from '../../primitives/button';
import { darkThemeStory, phoneStory, routerLinkStub } from '../../../test/story-kit';
import { NotFoundPage, NotFoundView } from './not-found';

const { navigate, clearNavigate, RouterLink: routerLink } = routerLinkStub();

const meta = preview.meta({
  title: 'Screens/Errors/NotFoundPage',
  component: NotFoundPage,
  beforeEach: clearNavigate,
});

export const Default = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    await step('the spec strings are there, word for word', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: '404 - Not Found' })).toBeVisible();
      await expect(canvas.getByText('The page you are looking for does not exist.')).toBeVisible();
    });
    await step("'Go back to Home' links to /", async () => {
      await expect(canvas.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
    });
  },
});

export const WithRouterLink = meta.story({
  args: { renderLink: routerLink },
  play: async ({ canvas, step, userEvent }) => {
    await step('the app’s link renders the way home and receives the click', async () => {
      const link = canvas.getByRole('link', { name: 'Go back to Home' });
      await expect(link).toHaveAttribute('data-router-link');
      await userEvent.click(link);
      await expect(navigate).toHaveBeenCalledTimes(1);
      await expect(navigate).toHaveBeenCalledWith('/');
    });
  },
});

export const CustomHome = meta.story({
  args: { homeHref: '/app/' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/app/');
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  ...darkThemeStory((canvas) => canvas.getByRole('heading', { name: '404 - Not Found' })),
});

export const Mobile = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('link', { name: 'Go back to Home' })),
});

/** The generic view for a missing resource inside a layout. */
export const GenericView = meta.story({
  tags: ['visual'],
  render: () => (
    <NotFoundView
      description="This tuning session does not exist or was deleted."
      actions={
        <Button variant="secondary" onClick={navigate}>
          Back to tuning sessions
        </Button>
      }
    />
  ),
  play: async ({ canvas, step, userEvent }) => {
    await step("it says 'Not Found' as a section heading, with the description", async () => {
      await expect(canvas.getByRole('heading', { level: 2, name: 'Not Found' })).toBeVisible();
      await expect(canvas.getByText('This tuning session does not exist or was deleted.')).toBeVisible();
    });
    await step('its action works', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Back to tuning sessions' }));
      await expect(navigate).toHaveBeenCalledTimes(1);
    });
  },
});

export const GenericViewBare = meta.story({
  render: () => <NotFoundView />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
});
