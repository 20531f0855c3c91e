import addonA11y from '@storybook/addon-a11y';
import { definePreview } from '@storybook/react-vite';
import type { Decorator } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { UiProvider } from '../packages/ui/src/foundations/theme';
import type { ThemeMode } from '../packages/ui/src/foundations/theme';

// Requests without a handler go to the network (there is none in tests), so stories that fetch
// must declare parameters.msw.handlers.
initialize({ onUnhandledRequest: 'bypass', quiet: true });

const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

/**
 * A story forces its theme with `globals: { theme: 'dark' }` (or `parameters: { theme: 'dark' }`);
 * otherwise the toolbar global decides.
 */
const withTheme: Decorator = (Story, context) => {
  const forced: unknown = context.parameters.theme;
  const fromToolbar: unknown = context.globals.theme;
  const mode: ThemeMode = isThemeMode(forced) ? forced : isThemeMode(fromToolbar) ? fromToolbar : 'light';
  const padded = context.parameters.padded !== false;
  return (
    <UiProvider mode={mode}>
      <div style={{ padding: padded ? 16 : 0, minHeight: padded ? undefined : '100vh' }}>
        <Story />
      </div>
    </UiProvider>
  );
};

function FreshQueryClient({ children }: { children: ReactNode }) {
  // Retries would turn an error story into a slow loading story.
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** One client per story, so cached data never leaks from one story into the next. */
const withQueryClient: Decorator = (Story, context) => (
  <FreshQueryClient key={context.id}>
    <Story />
  </FreshQueryClient>
);

/**
 * A factory preview (CSF Next): story files call `preview.meta(...)` and `meta.story(...)` instead of
 * restating the Meta/StoryObj types. Only the annotations listed here apply, so the a11y addon that
 * main.ts registers is named again for its checks to run.
 */
export default definePreview({
  addons: [addonA11y()],
  decorators: [withTheme, withQueryClient],
  loaders: [mswLoader],
  // The visual-regression hook in vitest.setup.ts finds the story's canvas by this attribute.
  beforeEach: ({ canvasElement }) => {
    canvasElement.setAttribute('data-story-canvas', '');
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    // The theme decorator pads the canvas itself, so the padding is painted in the theme's colour.
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile375: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        tablet768: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop1280: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
});
