import preview from '../../../../../.storybook/preview';
import { expect } from 'storybook/test';
import { DARK_THEME } from '../../../test/story-kit';
import {
  SectionTitle,
  Sheet,
  Swatch,
  SwatchChip,
  SwatchGrid,
  SwatchName,
  SwatchValue,
  TypeSample,
} from './theme.styles';
import { color, darkColors, fontSize, lightColors } from './design-tokens';
import type { ColorTokens } from './design-tokens';
import { UiProvider } from './ui-provider';
import type { UiProviderProps } from './ui-provider';

const GROUPS: Array<[string, Array<keyof ColorTokens>]> = [
  ['Surfaces', ['bg', 'surface', 'sunken', 'border', 'borderStrong']],
  ['Text', ['text', 'textMuted', 'textSubtle']],
  ['Accent', ['accent', 'accentHover', 'accentSubtle', 'accentText', 'focus']],
  [
    'Semantic',
    ['success', 'successSubtle', 'warning', 'warningSubtle', 'danger', 'dangerSubtle', 'info', 'infoSubtle'],
  ],
  ['Charts', ['chart1', 'chart2', 'chart3', 'chart4', 'chart5', 'chart6']],
];

function Palette({ tokens }: { tokens: ColorTokens }) {
  return (
    <Sheet>
      {GROUPS.map(([group, keys]) => (
        <section key={group} aria-label={group}>
          <SectionTitle>{group}</SectionTitle>
          <SwatchGrid>
            {keys.map((key) => (
              <Swatch key={key}>
                <SwatchChip $value={color[key]} />
                <SwatchName>{key}</SwatchName>
                <SwatchValue>{tokens[key]}</SwatchValue>
              </Swatch>
            ))}
          </SwatchGrid>
        </section>
      ))}
      <section aria-label="Type">
        <SectionTitle>Type</SectionTitle>
        <TypeSample $size={fontSize.display}>Inter 32 — Tuning sessions</TypeSample>
        <TypeSample $size={fontSize.md}>Inter 14 — The quick brown fox tunes max_num_seqs.</TypeSample>
        <TypeSample $mono $size={fontSize.md}>
          JetBrains Mono 14 — 14,930 tok/s · p99 TTFT 187 ms · 8x H100
        </TypeSample>
        <TypeSample $mono $size={fontSize.md}>
          vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8
        </TypeSample>
      </section>
    </Sheet>
  );
}

const meta = preview.meta({
  title: 'Foundations/Theme',
  component: UiProvider,
});

const readVariable = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export const Light = meta.story({
  tags: ['visual'],
  render: (args: UiProviderProps) => <Palette tokens={args.mode === 'dark' ? darkColors : lightColors} />,
  play: async ({ canvas, step }) => {
    await step('the light tokens are installed as CSS variables', async () => {
      await expect(readVariable('--mako-accent')).toBe(lightColors.accent);
      await expect(readVariable('--mako-bg')).toBe(lightColors.bg);
      await expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(246, 248, 250)');
    });
    await step('Inter is the UI font and it has loaded', async () => {
      await document.fonts.ready;
      await expect(getComputedStyle(document.body).fontFamily).toMatch(/^"?Inter"?/);
      const loaded = [...document.fonts]
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/"/g, ''));
      await expect(loaded).toContain('Inter');
      await expect(loaded).toContain('JetBrains Mono');
      await expect(canvas.getByText(/JetBrains Mono 14/)).toBeVisible();
    });
  },
});

export const Dark = meta.story({
  tags: ['visual'],
  globals: DARK_THEME,
  render: () => <Palette tokens={darkColors} />,
  play: async ({ step }) => {
    await step('the dark tokens replace the light ones: deep blue-grey, not black', async () => {
      await expect(readVariable('--mako-bg')).toBe(darkColors.bg);
      await expect(readVariable('--mako-text')).toBe(darkColors.text);
      await expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(14, 22, 32)');
      await expect(getComputedStyle(document.documentElement).colorScheme).toBe('dark');
    });
  },
});
