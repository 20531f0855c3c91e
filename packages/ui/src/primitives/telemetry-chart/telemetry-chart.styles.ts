import styled from 'styled-components';
import { space } from '../../foundations/theme/design-tokens';

/** The two panels share the figure's height and one time axis. */
export const Panels = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  height: 100%;
`;

export const Panel = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  min-width: 0;
`;
