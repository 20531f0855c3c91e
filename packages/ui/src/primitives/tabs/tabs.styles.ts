import styled from 'styled-components';
import { color, focusRing, fontSize, fontWeight, radius, space, stack } from '../../foundations/theme/design-tokens';
import { pressableStates } from '../button/button.styles';

export const TabsRoot = styled.div`
  ${stack(4)}
  min-width: 0;
`;

export const TabList = styled.div<{ $stretch: boolean }>`
  display: flex;
  gap: ${space(1)};
  padding: ${space(1)};
  border-radius: ${radius.md};
  background: ${color.sunken};
  border: 1px solid ${color.border};
  width: ${({ $stretch }) => ($stretch ? '100%' : 'fit-content')};
  max-width: 100%;
  overflow-x: auto;
`;

export const TabTrigger = styled.button<{ $stretch: boolean }>`
  flex: ${({ $stretch }) => ($stretch ? '1 1 0' : '0 0 auto')};
  height: 32px;
  padding: 0 ${space(3)};
  border: 1px solid transparent;
  border-radius: ${radius.sm};
  background: transparent;
  color: ${color.textMuted};
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.medium};
  white-space: nowrap;
  ${pressableStates}

  &:hover:not(:disabled) {
    color: ${color.text};
  }

  &[aria-selected='true'] {
    background: ${color.surface};
    border-color: ${color.border};
    color: ${color.text};
  }
`;

export const TabPanel = styled.div`
  min-width: 0;
  &:focus-visible {
    ${focusRing}
  }
`;
