import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { phoneStory } from '../../../test/story-kit';
import { Button } from '../button';
import { ScreenIntro } from './screen-intro';
import {
  Note,
  ScreenRoot,
  Section,
  SectionHead,
  SectionTitle,
  Subsection,
  SubsectionTitle,
} from './screen-layout.styles';

/** The scaffolding as the screens use it: a header with an action, a section with a subsection. */
function ScreenSkeleton() {
  return (
    <ScreenRoot>
      <ScreenIntro
        title="Tuning sessions"
        lede="Searches for the serving configuration that meets your goal, run by your runners."
        actions={<Button>New tuning session</Button>}
      />
      <Section>
        <SectionHead>
          <SectionTitle>Results</SectionTitle>
          <Note>24 trials, newest first</Note>
        </SectionHead>
        <Subsection>
          <SubsectionTitle>Best configuration</SubsectionTitle>
          <Note>max_num_seqs = 256 · gpu_memory_utilization = 0.92</Note>
        </Subsection>
      </Section>
    </ScreenRoot>
  );
}

const meta = preview.meta({
  title: 'Primitives/ScreenLayout',
  component: ScreenSkeleton,
  parameters: { padded: true },
});

export const Scaffolding = meta.story({
  tags: ['visual'],
  play: async ({ canvas }) => {
    // One h1 for the screen, h2 for its sections, h3 inside them: the outline a screen reader reads.
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Tuning sessions');
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Results');
    await expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Best configuration');
    await expect(canvas.getByRole('button', { name: 'New tuning session' })).toBeVisible();
  },
});

/** On a phone the action wraps below the title instead of squeezing it. */
export const Phone = meta.story({
  tags: ['visual'],
  ...phoneStory((canvas) => canvas.getByRole('button', { name: 'New tuning session' })),
});

export const Intro = meta.story({
  render: () => (
    <ScreenIntro
      title="Search benchmarks"
      lede="Every published benchmark, and your own, filtered by model, hardware and engine."
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Search benchmarks' })).toBeVisible();
    await expect(canvas.getByText(/filtered by model, hardware and engine/)).toBeVisible();
  },
});
