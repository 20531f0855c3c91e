import styled from 'styled-components';
import {
  color,
  fontSize,
  fontWeight,
  lineHeight,
  media,
  space,
  splitRow,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';

/** The scaffolding every screen shares: a column of a header and titled sections. */
export const ScreenRoot = styled.div`
  ${stack(5)}
  min-width: 0;
`;

/** The title block on the left, the screen's actions on the right, wrapping below on a phone. */
export const ScreenHeader = styled.header`
  ${splitRow(3)}
  min-width: 0;
`;

/** A title or controls at one end and actions at the other, centred on one line, wrapping on a phone. */
export const Toolbar = styled.div`
  ${wrappingRow(3)}
  justify-content: space-between;
`;

export const ScreenHeading = styled.div`
  ${stack(1)}
  min-width: 0;
`;

export const ScreenTitle = styled.h1`
  font-size: ${fontSize.xl};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
  overflow-wrap: anywhere;

  ${media.narrow} {
    font-size: ${fontSize.lg};
  }
`;

export const ScreenLede = styled.p`
  max-width: 72ch;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

/** A longer opening paragraph in body text, for a page that explains itself before its content. */
export const IntroParagraph = styled.p`
  max-width: 68ch;
  color: ${color.textMuted};
  line-height: ${lineHeight.normal};
`;

/** A titled part of a screen: a heading row (title, note, actions), then its content. */
export const Section = styled.div`
  ${stack(3)}
  min-width: 0;
`;

export const SectionHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${space(1)} ${space(3)};
`;

export const SectionTitle = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
`;

/** A header's or section head's actions, pushed to the end of its row. */
export const HeadActions = styled.div`
  display: flex;
  gap: ${space(2)};
  margin-left: auto;
`;

/** A part of a section (inside a card or a tab): a smaller title over its content. */
export const Subsection = styled.div`
  ${stack(2)}
  min-width: 0;
`;

export const SubsectionTitle = styled.h3`
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
`;

/** A name and the badges after it, wrapping onto more lines when narrow; a long name breaks anywhere. */
export const TitleWithBadges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  overflow-wrap: anywhere;
`;

export const Note = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

/** Two equal columns side by side, one above the other on a phone. */
export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${space(4)};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** The title of a page that stands on its own, outside the app's shell (a survey, a payment result). */
export const StandaloneTitle = styled.h1`
  font-size: ${fontSize.xxl};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
`;

export const StandaloneLede = styled.p`
  color: ${color.textMuted};
  font-size: ${fontSize.lg};
  line-height: ${lineHeight.normal};
`;
