import styled from 'styled-components';
import { color, fontSize, fontWeight, lineHeight, radius, space, stack } from '../../foundations/theme/design-tokens';

export type CalloutTone = 'info' | 'success' | 'warning' | 'danger';

const tones: Record<CalloutTone, { fg: string; bg: string }> = {
  info: { fg: color.info, bg: color.infoSubtle },
  success: { fg: color.success, bg: color.successSubtle },
  warning: { fg: color.warning, bg: color.warningSubtle },
  danger: { fg: color.danger, bg: color.dangerSubtle },
};

export const CalloutRoot = styled.div<{ $tone: CalloutTone }>`
  display: flex;
  gap: ${space(2.5)};
  align-items: flex-start;
  padding: ${space(3)} ${space(3.5)};
  border: 1px solid ${({ $tone }) => tones[$tone].fg};
  border-radius: ${radius.md};
  background: ${({ $tone }) => tones[$tone].bg};
  color: ${({ $tone }) => tones[$tone].fg};
  font-size: ${fontSize.md};
  line-height: ${lineHeight.normal};

  > svg {
    flex: none;
    margin-top: 2px;
  }
`;

export const CalloutBody = styled.div`
  ${stack(1)}
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const CalloutTitle = styled.p`
  font-weight: ${fontWeight.semibold};
`;

export const CalloutActions = styled.div`
  display: flex;
  gap: ${space(2)};
  margin-top: ${space(1)};
`;
