import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.tsx', '../apps/web/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // There is no network here, and nothing should phone home from CI either.
  core: { disableTelemetry: true },
  // Holds mockServiceWorker.js for msw-storybook-addon in `storybook dev` and the static build.
  staticDirs: ['./public'],
  // There is no root vite.config.ts; the React plugin is added here so that the Storybook build and
  // the Vitest story project (which applies viteFinal too) get it exactly once.
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: [react()] }),
};

export default config;
