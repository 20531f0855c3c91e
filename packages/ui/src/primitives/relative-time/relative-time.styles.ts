import styled from 'styled-components';

export const Time = styled.time`
  white-space: nowrap;
  text-decoration: underline dotted;
  text-decoration-thickness: 1px;
  text-underline-offset: 3px;
  cursor: help;
`;
