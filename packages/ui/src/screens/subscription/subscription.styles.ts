import styled from 'styled-components';
import { Card } from '../../primitives/card';
import {
  color,
  fontSize,
  fontWeight,
  lineHeight,
  numeric,
  plainList,
  space,
  stack,
} from '../../foundations/theme/design-tokens';

export const PlanGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${space(4)};
  ${plainList}
`;

export const PlanItem = styled.li`
  display: flex;
  min-width: 0;
`;

/** The current plan is told apart by its words (badge, button) and, for the eye, a 2 px accent frame. */
export const PlanFrame = styled(Card)<{ $current: boolean }>`
  flex: 1;
  border-color: ${({ $current }) => ($current ? color.accent : color.border)};
  box-shadow: ${({ $current }) => ($current ? `inset 0 0 0 1px ${color.accent}` : 'none')};
`;

export const Price = styled.p`
  display: flex;
  align-items: baseline;
  gap: ${space(1)};
`;

export const PriceValue = styled.span`
  ${numeric}
  font-size: ${fontSize.display};
  font-weight: ${fontWeight.semibold};
  line-height: 1;
`;

export const PriceContact = styled.span`
  font-size: ${fontSize.xxl};
  font-weight: ${fontWeight.semibold};
  line-height: 1;
`;

export const PriceUnit = styled.span`
  color: ${color.textMuted};
`;

export const FeatureList = styled.ul`
  ${stack(2)}
  ${plainList}
  font-size: ${fontSize.sm};
  line-height: ${lineHeight.normal};

  li {
    display: flex;
    gap: ${space(2)};
  }

  svg {
    flex: none;
    margin-top: 3px;
    color: ${color.success};
  }
`;

export const LimitList = styled(FeatureList)`
  padding-top: ${space(3)};
  border-top: 1px solid ${color.border};
  color: ${color.textMuted};

  svg {
    color: ${color.textSubtle};
  }
`;

/** Pushes the action to the bottom, so the buttons of a row of cards line up. */
export const PlanAction = styled.div`
  ${stack(2)}
  margin-top: auto;
  padding-top: ${space(2)};
`;

export const ResultRoot = styled.section`
  ${stack(5)}
  align-items: flex-start;
  max-width: 640px;
  margin: 0 auto;
  padding: ${space(10)} ${space(4)};
`;

export const ResultIcon = styled.div<{ $tone: 'success' | 'neutral' }>`
  display: inline-flex;
  padding: ${space(3)};
  border-radius: 999px;
  background: ${({ $tone }) => ($tone === 'success' ? color.successSubtle : color.neutralSubtle)};
  color: ${({ $tone }) => ($tone === 'success' ? color.success : color.textMuted)};
`;

export const StepsHeading = styled.h2`
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
`;

export const Steps = styled.ol`
  ${stack(2)}
  margin: 0;
  padding-left: ${space(5)};
  line-height: ${lineHeight.normal};
`;

export {
  IntroParagraph as Intro,
  ScreenRoot as PageRoot,
  StandaloneLede as ResultText,
  StandaloneTitle as ResultTitle,
  TitleWithBadges as PlanTitle,
} from '../../primitives/screen-layout';
