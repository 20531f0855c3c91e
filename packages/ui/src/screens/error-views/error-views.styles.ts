import styled from 'styled-components';
import {
  color,
  font,
  fontSize,
  fontWeight,
  lineHeight,
  numeric,
  radius,
  space,
  stack,
} from '../../foundations/theme/design-tokens';

/** A centred message for a whole page or a whole content area. */
export const MessageRoot = styled.section<{ $fullPage?: boolean }>`
  ${stack(4)}
  align-items: center;
  justify-content: center;
  min-height: ${({ $fullPage }) => ($fullPage ? 'min(100vh, 640px)' : 'auto')};
  padding: ${space(12)} ${space(4)};
  text-align: center;
`;

export const MessageCode = styled.p`
  ${numeric}
  font-size: 56px;
  font-weight: ${fontWeight.semibold};
  line-height: 1;
  color: ${color.accentText};
`;

export const MessageTitle = styled.h1`
  font-size: ${fontSize.xxl};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
  overflow-wrap: anywhere;
`;

export const MessageText = styled.p`
  max-width: 52ch;
  color: ${color.textMuted};
  font-size: ${fontSize.lg};
`;

export const MessageActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space(3)};
`;

/** The raw error behind 'Show Error': kept verbatim, wrapped, never wider than the screen. */
export const RawError = styled.pre`
  width: 100%;
  max-width: 720px;
  max-height: 320px;
  overflow: auto;
  margin: 0;
  padding: ${space(3)} ${space(4)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.sunken};
  color: ${color.text};
  font-family: ${font.mono};
  font-size: ${fontSize.sm};
  line-height: ${lineHeight.normal};
  text-align: left;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const WrapperError = styled.div`
  ${stack(3)}
`;
