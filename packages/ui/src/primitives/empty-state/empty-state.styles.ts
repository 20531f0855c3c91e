import styled from 'styled-components';
import { color, fontSize, fontWeight, radius, space, stack } from '../../foundations/theme/design-tokens';

export const EmptyRoot = styled.div`
  ${stack(3)}
  align-items: center;
  padding: ${space(10)} ${space(6)};
  border: 1px dashed ${color.borderStrong};
  border-radius: ${radius.lg};
  text-align: center;
`;

export const EmptyIcon = styled.div`
  display: inline-flex;
  padding: ${space(2.5)};
  border-radius: ${radius.lg};
  background: ${color.accentSubtle};
  color: ${color.accentText};
`;

export const EmptyTitle = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
`;

export const EmptyDescription = styled.p`
  max-width: 52ch;
  color: ${color.textMuted};
`;

export const EmptyCommand = styled.div`
  width: min(100%, 560px);
  text-align: left;
`;

export const EmptyActions = styled.div`
  display: flex;
  gap: ${space(2)};
  flex-wrap: wrap;
  justify-content: center;
`;
