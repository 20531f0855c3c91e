import styled, { keyframes } from 'styled-components';
import { color, stack } from '../../foundations/theme/design-tokens';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`;

export const Block = styled.span<{ $width: string; $height: string; $radius: string }>`
  display: block;
  width: ${({ $width }) => $width};
  max-width: 100%;
  height: ${({ $height }) => $height};
  border-radius: ${({ $radius }) => $radius};
  background: ${color.neutralSubtle};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

export const Lines = styled.span`
  ${stack(2)}
`;

export const LoadingRegion = styled.div`
  ${stack(3)}
`;
