import type { ComponentType, CSSProperties } from 'react';
import { expect } from 'storybook/test';
import type { within } from 'storybook/test';

/*
 * Galleries: every state of one component side by side, so that a single screenshot (and its dark
 * twin, `Story.extend({ globals: DARK_THEME })`) shows them all. The states are plain props, so a story's play can count
 * them (`STATES.length`) instead of repeating a number. For *.stories.tsx only.
 */

type Canvas = ReturnType<typeof within>;

/** One `of` per entry of `states`, laid out by `style` (galleryColumn, galleryRow). */
export function Gallery<P extends object>({
  of: Component,
  states,
  style,
}: {
  of: ComponentType<P>;
  states: readonly P[];
  style: CSSProperties;
}) {
  return (
    <div style={style}>
      {states.map((props, index) => (
        // The states are a fixed list: their place in it is their identity.
        <Component key={index} {...props} />
      ))}
    </div>
  );
}

/** States one under the other, `gap` px apart; `maxWidth` holds them to a column's width. */
export const galleryColumn = (gap: number, maxWidth?: number): CSSProperties => ({ display: 'grid', gap, maxWidth });

/** States in a row that wraps, `gap` px apart. */
export const galleryRow = (gap: number): CSSProperties => ({ display: 'flex', flexWrap: 'wrap', gap });

/**
 * A gallery story: `states` of `of` laid out by `style`, and a play that finds every one of them,
 * each read as `role`, then runs the story's own checks (`play`).
 */
export function galleryStory<P extends object>(
  of: ComponentType<P>,
  states: readonly P[],
  { style, role }: { style: CSSProperties; role: Parameters<Canvas['getAllByRole']>[0] },
  play?: (context: { canvas: Canvas }) => Promise<void>,
) {
  return {
    render: () => <Gallery of={of} states={states} style={style} />,
    play: async (context: { canvas: Canvas }) => {
      await expect(context.canvas.getAllByRole(role)).toHaveLength(states.length);
      await play?.(context);
    },
  };
}
