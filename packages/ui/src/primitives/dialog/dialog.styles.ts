import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import styled, { css, keyframes } from 'styled-components';
import {
  color,
  focusRing,
  fontSize,
  fontWeight,
  lineHeight,
  media,
  motion,
  radius,
  shadow,
  space,
  stack,
  zIndex,
} from '../../foundations/theme/design-tokens';

export type DialogSize = 'sm' | 'md' | 'lg';

const widths: Record<DialogSize, string> = { sm: '420px', md: '560px', lg: '760px' };

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const rise = keyframes`
  from { opacity: 0; transform: translate(-50%, calc(-50% + 8px)); }
  to { opacity: 1; transform: translate(-50%, -50%); }
`;

/** Shared by Dialog and ConfirmDialog (Radix Dialog and AlertDialog parts). */
export const overlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: ${zIndex.overlay};
  background: ${color.overlay};
  animation: ${fadeIn} ${motion.base} ${motion.easing};
`;

export const contentStyles = css<{ $size: DialogSize }>`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: ${zIndex.dialog};
  transform: translate(-50%, -50%);
  display: flex;
  flex-direction: column;
  width: min(${({ $size }) => widths[$size]}, calc(100vw - ${space(8)}));
  max-height: calc(100vh - ${space(16)});
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: ${shadow.popover};
  animation: ${rise} ${motion.base} ${motion.easing};

  &:focus-visible {
    ${focusRing}
  }

  ${media.narrow} {
    max-height: calc(100vh - ${space(8)});
  }
`;

export const Overlay = styled(RadixDialog.Overlay)`
  ${overlayStyles}
`;

export const Content = styled(RadixDialog.Content)<{ $size: DialogSize }>`
  ${contentStyles}
`;

export const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${space(3)};
  padding: ${space(5)} ${space(12)} 0 ${space(5)};
`;

export const HeaderText = styled.div`
  ${stack(1.5)}
  flex: 1;
  min-width: 0;
`;

export const titleStyles = css`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
`;

export const descriptionStyles = css`
  font-size: ${fontSize.md};
  color: ${color.textMuted};
`;

export const Title = styled(RadixDialog.Title)`
  ${titleStyles}
`;

export const Description = styled(RadixDialog.Description)`
  ${descriptionStyles}
`;

export const Body = styled.div`
  padding: ${space(4)} ${space(5)};
  overflow-y: auto;
`;

export const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${space(2)};
  flex-wrap: wrap;
  padding: ${space(4)} ${space(5)};
  border-top: 1px solid ${color.border};
`;

export const CloseButton = styled.button`
  position: absolute;
  top: ${space(4)};
  right: ${space(4)};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: ${color.textMuted};
  cursor: pointer;

  &:hover {
    background: ${color.neutralSubtle};
    color: ${color.text};
  }
  &:focus-visible {
    ${focusRing}
  }
`;

export const AlertOverlay = styled(AlertDialog.Overlay)`
  ${overlayStyles}
`;

export const AlertContent = styled(AlertDialog.Content)<{ $size: DialogSize }>`
  ${contentStyles}
`;

export const AlertTitle = styled(AlertDialog.Title)`
  ${titleStyles}
`;

export const AlertDescription = styled(AlertDialog.Description)`
  ${descriptionStyles}
`;
