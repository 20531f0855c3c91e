import { Dialog as RadixDialog } from 'radix-ui';
import styled, { keyframes } from 'styled-components';
import { color, motion, zIndex } from '../../foundations/theme/design-tokens';

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

export const DrawerOverlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.overlay};
  background: ${color.overlay};
`;

export const DrawerContent = styled(RadixDialog.Content)`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${zIndex.dialog};
  display: flex;
  flex-direction: column;
  width: min(300px, 85vw);
  background: ${color.surface};
  border-right: 1px solid ${color.border};
  overflow-y: auto;
  animation: ${slideIn} ${motion.base} ${motion.easing};

  &:focus {
    outline: none;
  }
`;
