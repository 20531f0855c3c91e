import { DropdownMenu } from 'radix-ui';
import styled from 'styled-components';
import { color, fontSize, radius, shadow, space, zIndex } from '../../foundations/theme/design-tokens';

export const MenuContent = styled(DropdownMenu.Content)`
  z-index: ${zIndex.dialog};
  min-width: 220px;
  padding: ${space(1)};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: ${shadow.popover};
`;

export const MenuLabel = styled(DropdownMenu.Label)`
  padding: ${space(2)} ${space(3)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  overflow-wrap: anywhere;
`;

export const MenuSeparator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: ${space(1)} 0;
  background: ${color.border};
`;

export const MenuItem = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: 32px;
  padding: 0 ${space(3)};
  border-radius: ${radius.sm};
  font-size: ${fontSize.md};
  /* An item may be a link: it reads as the other items. */
  color: inherit;
  text-decoration: none;
  cursor: pointer;
  outline: none;

  &[data-highlighted] {
    background: ${color.neutralSubtle};
  }
`;
