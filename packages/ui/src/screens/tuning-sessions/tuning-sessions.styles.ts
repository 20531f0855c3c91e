import styled from 'styled-components';
import { color, fontSize, fontWeight, numeric, radius, space, stack } from '../../foundations/theme/design-tokens';
import { Toolbar } from '../../primitives/screen-layout';

export const ScreenHeader = styled(Toolbar).attrs({ as: 'header' })``;

/*
 * The model link stretches over its whole row (a pseudo-element on the link), so a click anywhere on
 * the row opens the session while the row stays a plain table row to assistive technology.
 */
export const TableArea = styled.div`
  min-width: 0;

  tbody tr[aria-rowindex] {
    position: relative;
  }

  tbody tr[aria-rowindex]:hover {
    cursor: pointer;
  }
`;

export const ModelCell = styled.span`
  ${stack(0.5)}
  max-width: 320px;

  a::after,
  button::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  a,
  button {
    overflow: hidden;
    text-overflow: ellipsis;
    font-weight: ${fontWeight.medium};
  }
`;

export const SessionName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;

export const Progress = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${space(1)};
  min-width: 148px;
`;

export const Bar = styled.span`
  display: flex;
  height: 6px;
  overflow: hidden;
  border-radius: ${radius.full};
  background: ${color.neutralSubtle};
`;

export const Segment = styled.span<{ $tone: 'done' | 'failed' | 'pending'; $share: number }>`
  width: ${({ $share }) => `${Math.max(0, Math.min(1, $share)) * 100}%`};
  background: ${({ $tone }) =>
    $tone === 'done'
      ? color.accent
      : $tone === 'failed'
        ? color.danger
        : `repeating-linear-gradient(135deg, ${color.info} 0 3px, transparent 3px 5px)`};

  & + & {
    margin-left: 1px;
  }
`;

export const ProgressText = styled.span`
  ${numeric}
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
  text-align: left;

  strong {
    font-weight: ${fontWeight.medium};
    color: ${color.text};
  }
`;

export const Stacked = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: 2px;
`;

export const BestValue = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 2px;
`;

export const Muted = styled.span`
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;

export { HeadActions as HeaderActions, ScreenRoot, ScreenTitle } from '../../primitives/screen-layout';
