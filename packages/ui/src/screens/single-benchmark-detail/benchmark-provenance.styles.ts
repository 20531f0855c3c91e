import styled from 'styled-components';
import { color, font, fontSize, fontWeight, media, plainList, space } from '../../foundations/theme/design-tokens';

/** Label and value side by side; stacked on a narrow screen. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${space(2)} ${space(4)};
  margin: 0;

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const FactName = styled.dt`
  font-weight: ${fontWeight.medium};
  color: ${color.textMuted};
`;

export const FactValue = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const Unknown = styled.span`
  color: ${color.textMuted};
  font-style: italic;
`;

export const Mono = styled.code`
  font-family: ${font.mono};
  font-size: ${fontSize.xs};
  overflow-wrap: anywhere;
`;

export const FlagList = styled.ul`
  ${plainList}
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(3)};
  margin-top: ${space(2)};
`;

export const MismatchList = styled.ul`
  margin: 0;
  padding-left: ${space(5)};
`;
