import preview from '../../../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { Card } from '../../primitives/card';
import { expectFitsPhone } from '../../../test/story-kit';
import { textsOf } from '../../../test/story-kit-parts';
import {
  AuthLayout,
  DEFAULT_LEDE,
  DEFAULT_PROMISE,
  DEFAULT_PROOF_POINTS,
  ProductPromise,
  ProofPoints,
} from './auth-layout';

const meta = preview.meta({
  title: 'Screens/Auth/AuthLayout',
  component: AuthLayout,
  parameters: { padded: false },
  globals: { viewport: { value: 'desktop1280', isRotated: false } },
  args: {
    children: (
      <Card title="Check your inbox">
        <p>We sent a sign-in link to ada@example.com. It works once and expires in 15 minutes.</p>
      </Card>
    ),
  },
});

const box = (element: HTMLElement) => element.getBoundingClientRect();

export const Desktop = meta.story({
  tags: ['visual'],
  play: async ({ canvas, step }) => {
    const pitch = canvas.getByRole('region', { name: 'About MakoOptimize' });
    const proof = canvas.getByRole('region', { name: 'Why MakoOptimize' });
    const card = canvas.getByRole('region', { name: 'Check your inbox' });
    await step('the page is one main landmark: the brand and the product promise as its h1', async () => {
      await expect(canvas.getByRole('main')).toContainElement(card);
      await expect(within(pitch).getByText('MakoOptimize')).toBeVisible();
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(DEFAULT_PROMISE);
      await expect(within(pitch).getByText(DEFAULT_LEDE)).toBeVisible();
    });
    await step('three proof points, each led by a number', async () => {
      const terms = within(proof).getAllByRole('term');
      await expect(textsOf(terms)).toEqual(DEFAULT_PROOF_POINTS.map((point) => point.value));
      for (const term of terms) await expect(term.textContent).toMatch(/^\d/);
      await expect(within(proof).getAllByRole('definition')).toHaveLength(3);
    });
    await step('wide: promise over proof points on the left, the card on the right', async () => {
      await expect(box(pitch).bottom).toBeLessThanOrEqual(box(proof).top + 1);
      await expect(box(card).left).toBeGreaterThanOrEqual(box(pitch).right);
      await expect(box(canvas.getByRole('main')).height).toBeGreaterThanOrEqual(800);
    });
  },
});

export const Phone = meta.story({
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvas, step }) => {
    const pitch = canvas.getByRole('region', { name: 'About MakoOptimize' });
    const card = canvas.getByRole('region', { name: 'Check your inbox' });
    const proof = canvas.getByRole('region', { name: 'Why MakoOptimize' });
    await step('stacked: promise, then the card near the top, then the proof points', async () => {
      await expect(box(pitch).bottom).toBeLessThanOrEqual(box(card).top);
      await expect(box(card).bottom).toBeLessThanOrEqual(box(proof).top);
      await expect(box(card).top).toBeLessThan(812);
    });
    await step('nothing is wider than the 375 px screen', async () => {
      await expectFitsPhone(document.documentElement);
      await expect(box(card).right).toBeLessThanOrEqual(375);
    });
  },
});

export const CustomPitchAndProof = meta.story({
  args: {
    pitch: <ProductPromise promise="Tune once, serve faster." lede={null} />,
    proof: (
      <ProofPoints
        points={[
          { value: '+38 %', text: 'Output tokens/s over the engine defaults in the median tuning session.' },
          { value: '50 trials', text: 'Enough for the search to settle on most models.' },
        ]}
      />
    ),
  },
  play: async ({ canvas, step }) => {
    await step('the promise and proof points are the ones passed in', async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Tune once, serve faster.');
      await expect(canvas.queryByText(DEFAULT_LEDE)).not.toBeInTheDocument();
      const proof = canvas.getByRole('region', { name: 'Why MakoOptimize' });
      await expect(textsOf(within(proof).getAllByRole('term'))).toEqual(['+38 %', '50 trials']);
    });
  },
});
