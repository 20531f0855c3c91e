import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

const configDir = path.dirname(fileURLToPath(import.meta.url));

// Every story is a test: it renders, runs its play function and the a11y check in headless Chromium.
// The React plugin comes from main.ts's viteFinal, which storybookTest applies.
export default defineProject({
  root: path.resolve(configDir, '..'),
  plugins: [storybookTest({ configDir })],
  test: {
    name: 'storybook',
    setupFiles: [path.join(configDir, 'vitest.setup.ts')],
    browser: {
      enabled: true,
      headless: true,
      instances: [{ browser: 'chromium' }],
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--disable-dev-shm-usage'],
        },
        // Larger than every story viewport (at most 1280 wide), so the test iframe is never scaled
        // down and screenshots are 1:1; the height leaves room for vitest.setup.ts to stretch the
        // iframe around a story taller than its viewport before the screenshot.
        contextOptions: { viewport: { width: 1440, height: 2400 } },
      }),
      expect: {
        toMatchScreenshot: {
          // Same browser, same fonts: renders are byte-identical, so any colour difference counts
          // (pixelmatch's default threshold of 0.1 let a whole accent-colour change through).
          // Anti-aliased edge pixels are ignored, and the tiny allowance stays below any real change.
          comparatorName: 'pixelmatch',
          comparatorOptions: { threshold: 0, allowedMismatchedPixelRatio: 0.0001 },
        },
      },
    },
  },
});
