import styled from 'styled-components';
import { autoFillGrid } from '../../foundations/theme/auto-fill-grid';
import {
  color,
  fontSize,
  fontWeight,
  media,
  numeric,
  plainList,
  radius,
  space,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';

export const Form = styled.form`
  ${stack(6)}
`;

export const Section = styled.fieldset`
  ${stack(3)}
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

export const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${space(3)};
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
  color: ${color.text};
`;

export const SectionNote = styled.p`
  margin-top: -${space(1)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

/** Fields flow into as many columns as fit: three in the dialog, one on a phone. */
export const Grid = styled.div<{ $min?: number }>`
  ${({ $min = 180 }) => autoFillGrid($min, 3, 4)}
  align-items: start;
`;

export const Wide = styled.div`
  grid-column: 1 / -1;
`;

/** Rows the user adds and removes: further objectives, constraints. */
export const RowList = styled.ol`
  ${stack(2)}
  ${plainList}
`;

export const ConstraintRow = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(72px, 0.6fr) minmax(0, 1fr) auto;
  gap: ${space(2)};
  align-items: start;

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr) minmax(72px, auto) minmax(0, 1fr) auto;
  }
`;

/** Metric, direction and Remove in the first objective's columns, at every width. */
export const ObjectiveRow = styled(Grid).attrs({ as: 'li', $min: 200 })`
  & > button {
    justify-self: start;
  }
`;

/** A button with its one-line explanation beside it, below it on a phone. */
export const ButtonWithNote = styled.div`
  ${wrappingRow(3)}
  row-gap: ${space(1)};

  & > p {
    margin-top: 0;
  }
`;

export const OptionList = styled.ul`
  display: flex;
  flex-direction: column;
  ${plainList}
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
`;

export const OptionItem = styled.li`
  ${stack(2.5)}
  padding: ${space(3)};

  & + & {
    border-top: 1px solid ${color.border};
  }
`;

export const OptionHead = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: ${space(1)} ${space(3)};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const OptionMeta = styled.p`
  ${numeric}
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;

export const OptionBody = styled.div`
  ${stack(1.5)}
  margin-left: ${space(6)};
`;

export const Choices = styled.div`
  display: flex;
  margin-bottom: ${space(1.5)};
  flex-wrap: wrap;
  gap: ${space(2)} ${space(4)};
`;

export const Loading = styled.div`
  ${stack(3)}
`;

export { Identifier as OptionName } from '../benchmark-common/benchmark-common.styles';
