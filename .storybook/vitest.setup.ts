import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

/** The browser context's viewport height in vitest.config.ts; beyond it the iframe is scaled. */
const MAX_SCREENSHOT_HEIGHT = 2400;

interface RunningStory {
  id: string;
  tags: string[];
  parameters: { visual?: { fullPage?: boolean } };
}

beforeAll(() => {
  // Screenshots must not depend on where an animation or a blinking caret happened to be.
  const style = document.createElement('style');
  style.dataset.testOnly = '';
  style.textContent = `*, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }`;
  document.head.append(style);
});

/**
 * Stories tagged 'visual' are compared with the committed baseline in
 * <story dir>/__screenshots__/<story file>/<story id>-chromium-linux.png. With CI=true a missing
 * baseline fails instead of being written.
 */
afterEach(async (context) => {
  const story = (context as unknown as { story?: RunningStory }).story;
  if (!story?.tags.includes('visual') || context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  // Portalled layers (dialogs, menus, toasts) live outside the canvas: fullPage captures the whole
  // viewport through <body>, stretched to the viewport's height.
  if (story.parameters.visual?.fullPage) document.body.style.minHeight = '100vh';
  const target = story.parameters.visual?.fullPage
    ? document.body
    : document.querySelector<HTMLElement>('[data-story-canvas]');
  if (!target) throw new Error(`Story ${story.id} is tagged 'visual' but its canvas was not found`);
  // Content below the fold would come out blank: grow the viewport to the story's height.
  const height = Math.ceil(target.getBoundingClientRect().height);
  if (height > window.innerHeight) await page.viewport(window.innerWidth, Math.min(height, MAX_SCREENSHOT_HEIGHT));
  await expect.element(page.elementLocator(target)).toMatchScreenshot(story.id);
});
