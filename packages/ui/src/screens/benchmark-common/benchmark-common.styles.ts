import styled from 'styled-components';
import { autoFillGrid } from '../../foundations/theme/auto-fill-grid';
import { color, focusRing, font, fontSize, numeric, radius, space, stack } from '../../foundations/theme/design-tokens';

export const BadgeRow = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${space(1)};
`;

export const OptionList = styled.ul<{ $maxWidth?: string }>`
  display: flex;
  max-width: ${({ $maxWidth }) => $maxWidth ?? 'none'};
  flex-wrap: wrap;
  gap: ${space(1)};
  margin: 0;
  padding: ${space(1)} 0;
  list-style: none;
`;

export const OptionChip = styled.li`
  padding: 0 ${space(1.5)};
  border: 1px solid ${color.border};
  border-radius: ${radius.sm};
  background: ${color.sunken};
  font-family: ${font.mono};
  font-size: ${fontSize.xs};
  line-height: 20px;
  white-space: nowrap;
`;

/** A number in a sentence or a cell: the tables' monospace figures, one step smaller than the text. */
export const SmallNumber = styled.span`
  ${numeric}
  font-size: ${fontSize.sm};
`;

/** A name a machine reads (a runtime flag, a runner), in the monospace, one step smaller than the text. */
export const Identifier = styled.span`
  font-family: ${font.mono};
  font-size: ${fontSize.sm};
`;

export const MutedText = styled.span`
  color: ${color.textMuted};
`;

/** A button that reads as a link: opens a detail page without being a navigation itself. */
export const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${color.accentText};
  font: inherit;
  text-align: left;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:hover {
    text-decoration-thickness: 2px;
  }
`;

export const DefinitionGrid = styled.dl`
  ${autoFillGrid(130, 3, 5)}
  margin: 0;

  & > div {
    ${stack(0.5)}
    min-width: 0;
  }

  dt {
    font-size: ${fontSize.sm};
    color: ${color.textMuted};
  }

  dd {
    margin: 0;
    ${numeric}
    overflow-wrap: anywhere;
  }
`;

/**
 * Scrolls a small static table sideways on narrow screens. The table (with no sortable headers,
 * nothing to focus) grows to its content inside; this wrapper is the focusable scroll region.
 */
export const ScrollRegion = styled.div`
  overflow-x: auto;
  border-radius: ${radius.lg};

  /* Doubled so that it beats the child's own min-width (a DataTable frame's 0) whichever stylesheet
     styled-components injected first: that order follows module evaluation, which a split can change. */
  && > * {
    width: max-content;
    min-width: 100%;
  }

  &:focus-visible {
    ${focusRing}
  }
`;

// The benchmark screens build on the house's screen scaffolding.
export {
  Note,
  ScreenHeader,
  ScreenHeading,
  ScreenLede,
  ScreenRoot,
  ScreenTitle,
  Section,
  SectionHead,
  SectionTitle,
} from '../../primitives/screen-layout';
