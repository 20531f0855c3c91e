import styled from 'styled-components';
import { color, focusRing, fontSize, lineHeight, space, stack } from '../../foundations/theme/design-tokens';

export const CheckboxRoot = styled.div`
  ${stack(1)}
`;

export const CheckboxLabel = styled.label<{ $disabled?: boolean }>`
  display: inline-flex;
  align-items: flex-start;
  gap: ${space(2)};
  font-size: ${fontSize.md};
  line-height: ${lineHeight.tight};
  color: ${({ $disabled }) => ($disabled ? color.textMuted : color.text)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
`;

export const Box = styled.input`
  flex: none;
  width: 16px;
  height: 16px;
  margin: 0;
  accent-color: ${color.accent};
  cursor: inherit;

  &:focus-visible {
    ${focusRing}
  }
`;

export const CheckboxDescription = styled.p`
  margin-left: ${space(6)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;
