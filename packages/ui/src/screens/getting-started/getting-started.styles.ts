import styled from 'styled-components';
import { ScreenRoot as BaseScreenRoot } from '../../primitives/screen-layout';
import {
  color,
  focusRing,
  fontSize,
  fontWeight,
  media,
  plainList,
  radius,
  space,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';

export const ScreenRoot = styled(BaseScreenRoot)`
  max-width: 880px;
`;

export const Header = styled.header`
  ${stack(2)}
`;

export const Lede = styled.p`
  color: ${color.textMuted};
`;

export const ProgressRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const Meter = styled.span`
  display: flex;
  flex: 0 1 200px;
  height: 6px;
  overflow: hidden;
  border-radius: ${radius.full};
  background: ${color.neutralSubtle};
`;

export const MeterFill = styled.span<{ $share: number }>`
  width: ${({ $share }) => `${Math.round($share * 100)}%`};
  background: ${color.success};
`;

export const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  ${plainList}
`;

export const Step = styled.li`
  display: grid;
  grid-template-columns: 32px minmax(0, 1fr);
  gap: ${space(4)};
  padding-bottom: ${space(6)};
  position: relative;

  /* The line joining one step's marker to the next. */
  &:not(:last-child)::before {
    content: '';
    position: absolute;
    top: 36px;
    bottom: 4px;
    left: 15px;
    width: 2px;
    background: ${color.border};
  }

  ${media.narrow} {
    gap: ${space(3)};
  }
`;

export const Marker = styled.span<{ $done: boolean; $next: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border-radius: ${radius.full};
  border: 2px solid ${({ $done, $next }) => ($done ? color.success : $next ? color.accent : color.borderStrong)};
  background: ${({ $done }) => ($done ? color.successSubtle : color.surface)};
  color: ${({ $done, $next }) => ($done ? color.success : $next ? color.accentText : color.textMuted)};
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.semibold};
  font-variant-numeric: tabular-nums;
`;

export const StepBody = styled.div`
  ${stack(3)}
  min-width: 0;
  padding-top: ${space(1)};
`;

export const StepHead = styled.div`
  ${wrappingRow(2)}
`;

export const StepText = styled.p`
  max-width: 68ch;
  color: ${color.textMuted};
`;

export const Actions = styled.div`
  ${wrappingRow(2, 4)}

  a {
    color: ${color.accentText};
    text-decoration: underline;
    text-underline-offset: 2px;
    border-radius: ${radius.sm};
  }

  a:focus-visible {
    ${focusRing}
  }
`;

export const SkeletonSteps = styled.div`
  ${stack(6)}
`;

export { SectionTitle as StepTitle, ScreenTitle as Title } from '../../primitives/screen-layout';
