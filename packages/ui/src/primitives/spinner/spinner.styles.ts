import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const SpinnerSvg = styled.svg`
  flex: none;
  animation: ${spin} 0.8s linear infinite;
`;
