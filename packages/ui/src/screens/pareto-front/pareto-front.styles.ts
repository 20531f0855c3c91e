import styled from 'styled-components';
import { color, focusRing, fontSize, fontWeight, numeric, radius, space } from '../../foundations/theme/design-tokens';

export const Controls = styled.div`
  max-width: 24rem;
  margin-bottom: ${space(3)};
`;

export const PointList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  margin: 0 0 ${space(3)};
  padding: 0;
  list-style: none;
`;

/** One front point: a toggle, pressed while its configuration is shown. */
export const PointButton = styled.button`
  ${numeric}
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${space(0.5)};
  padding: ${space(1.5)} ${space(2.5)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-size: ${fontSize.sm};
  text-align: left;
  cursor: pointer;

  &:hover {
    border-color: ${color.borderStrong};
  }

  &[aria-pressed='true'] {
    border-color: ${color.accent};
    background: ${color.accentSubtle};
  }

  &:focus-visible {
    ${focusRing}
  }
`;

export const PointTrial = styled.span`
  font-weight: ${fontWeight.semibold};
`;

export const Values = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space(1)} ${space(3)};
  margin: 0;
  font-size: ${fontSize.sm};

  dt {
    color: ${color.textMuted};
  }

  dd {
    ${numeric}
    margin: 0;
  }
`;
