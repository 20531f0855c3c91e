import styled from 'styled-components';
import { color, fontSize, lineHeight, space, stack } from '../../foundations/theme/design-tokens';

export const CardBody = styled.div`
  ${stack(4)}

  &:focus {
    outline: none;
  }
`;

export const Verifying = styled.p`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  font-size: ${fontSize.lg};
  color: ${color.text};

  svg {
    color: ${color.accent};
  }
`;

export const Explanation = styled.p`
  color: ${color.textMuted};
  line-height: ${lineHeight.normal};
`;
