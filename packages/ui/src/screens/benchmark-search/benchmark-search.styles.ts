import styled from 'styled-components';
import {
  color,
  fontSize,
  fontWeight,
  lineHeight,
  media,
  radius,
  space,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';
import { Section, SectionHead, SectionTitle } from '../../primitives/screen-layout';

export const SearchLayout = styled.div`
  display: grid;
  grid-template-columns: 288px minmax(0, 1fr);
  align-items: start;
  gap: ${space(5)};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${space(3)};
  }
`;

export const FilterColumn = styled.aside`
  ${stack(3)}
  min-width: 0;
`;

/** Below 768 px the filters fold into a bar that opens on demand. */
export const FilterToggle = styled.div`
  display: none;

  ${media.narrow} {
    display: block;
  }
`;

export const FilterPanel = styled.div<{ $open: boolean }>`
  ${stack(4)}
  padding: ${space(4)};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};

  ${media.narrow} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
  }
`;

export const FilterHeading = styled.h2`
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
`;

export const FilterForm = styled.form`
  ${stack(4)}
`;

export const Fieldset = styled.fieldset<{ $paired: boolean }>`
  display: grid;
  grid-template-columns: ${({ $paired }) => ($paired ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)')};
  gap: ${space(3)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${space(2)};
    padding: 0;
    font-size: ${fontSize.xs};
    font-weight: ${fontWeight.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${color.textMuted};
  }

  /* A field with a hint or an error in a pair keeps its partner aligned at the top. */
  & > * {
    align-self: start;
  }

  & > [data-wide] {
    grid-column: 1 / -1;
  }
`;

export const FormActions = styled.div`
  display: flex;
  gap: ${space(2)};

  & > * {
    flex: 1;
  }
`;

/** The results beside the filters: the shared section scaffolding as a landmark of its own. */
export const ResultsColumn = styled(Section).attrs({ as: 'section' })``;

export const ResultsHeader = styled(SectionHead)`
  gap: ${space(2)} ${space(4)};
`;

export const ResultsTitle = styled(SectionTitle)`
  line-height: ${lineHeight.normal};
`;

export { Note as ResultsSummary } from '../../primitives/screen-layout';

export const Pager = styled.nav`
  ${wrappingRow(2)}
  justify-content: space-between;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  font-variant-numeric: tabular-nums;
`;

export const PagerButtons = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
`;

/** Breaks only between organisation and model name (the parts are nowrap), at most 200 px wide. */
export const ModelText = styled.span`
  display: inline-block;
  max-width: 200px;
  padding: ${space(1)} 0;
  font-weight: ${fontWeight.medium};
  white-space: normal;
  /* An inline-block does not get its link's underline unless it draws its own. */
  text-decoration: inherit;
  text-underline-offset: inherit;

  & > span {
    white-space: nowrap;
  }
`;
