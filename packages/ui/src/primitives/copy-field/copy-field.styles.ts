import styled, { css } from 'styled-components';
import { color, focusRing, fontSize, fontWeight, numeric, radius, space } from '../../foundations/theme/design-tokens';

export const CopyLabel = styled.span`
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
`;

export const CopyRow = styled.div`
  display: flex;
  align-items: stretch;
  min-width: 0;
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.md};
  background: ${color.sunken};
  overflow: hidden;

  &:focus-within {
    ${focusRing} outline-offset: 1px;
  }
`;

const valueText = css`
  flex: 1;
  min-width: 0;
  margin: 0;
  padding: ${space(2)} ${space(3)};
  border: 0;
  background: transparent;
  color: ${color.text};
  ${numeric}
  font-size: ${fontSize.sm};
  line-height: 20px;
`;

export const ValueInput = styled.input`
  ${valueText}
  height: 36px;
  text-overflow: ellipsis;
  &:focus {
    outline: none;
  }
`;

export const ValueBlock = styled.pre`
  ${valueText}
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  &:focus {
    outline: none;
  }
`;

export const CopyButton = styled.button<{ $copied: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1.5)};
  flex: none;
  min-width: 88px;
  padding: 0 ${space(3)};
  border: 0;
  border-left: 1px solid ${color.borderStrong};
  background: ${color.surface};
  color: ${({ $copied }) => ($copied ? color.success : color.text)};
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
  cursor: pointer;

  &:hover {
    background: ${color.neutralSubtle};
  }
  &:focus-visible {
    ${focusRing} outline-offset: -2px;
  }
`;

export const CopyNote = styled.p<{ $tone: 'muted' | 'warning' | 'danger' }>`
  display: flex;
  align-items: center;
  gap: ${space(1.5)};
  font-size: ${fontSize.sm};
  color: ${({ $tone }) => ($tone === 'warning' ? color.warning : $tone === 'danger' ? color.danger : color.textMuted)};
`;

/** Laid out as a labelled field: the label over the value. */
export { FieldRoot as CopyRoot } from '../field/field.styles';
