import styled from 'styled-components';
import { color, fontSize, fontWeight, lineHeight, numeric, space, stack } from '../../foundations/theme/design-tokens';

const SPLIT_AT = '@media (min-width: 960px)';

/**
 * Narrow: promise, card, proof points (the form stays near the top of a phone screen).
 * Wide: promise over proof points on the left, the card on the right.
 */
export const LayoutRoot = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'pitch' 'card' 'proof';
  min-height: 100vh;
  background: ${color.bg};

  ${SPLIT_AT} {
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
    grid-template-rows: 1fr 1fr;
    grid-template-areas: 'pitch card' 'proof card';
  }
`;

const leftColumn = `
  background: ${color.surface};
  ${SPLIT_AT} {
    padding-left: ${space(14)};
    padding-right: ${space(14)};
    border-right: 1px solid ${color.border};
  }
`;

export const Pitch = styled.section`
  grid-area: pitch;
  ${stack(5)}
  padding: ${space(6)} ${space(4)};
  border-bottom: 1px solid ${color.border};
  ${leftColumn}

  ${SPLIT_AT} {
    justify-content: flex-end;
    gap: ${space(8)};
    padding-top: ${space(16)};
    padding-bottom: ${space(5)};
    border-bottom: 0;
  }
`;

export const ProofArea = styled.section`
  grid-area: proof;
  padding: ${space(6)} ${space(4)} ${space(10)};
  border-top: 1px solid ${color.border};
  ${leftColumn}

  ${SPLIT_AT} {
    padding-top: ${space(5)};
    padding-bottom: ${space(16)};
    border-top: 0;
  }
`;

export const CardArea = styled.div`
  grid-area: card;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${space(6)} ${space(4)};

  ${SPLIT_AT} {
    align-items: center;
    padding: ${space(16)} ${space(10)};
  }
`;

export const CardInner = styled.div`
  width: 100%;
  max-width: 420px;
`;

export const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};

  svg {
    color: ${color.accent};
  }
`;

export const PromiseHeading = styled.h1`
  max-width: 22ch;
  font-size: ${fontSize.xxl};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
  letter-spacing: -0.01em;

  ${SPLIT_AT} {
    font-size: ${fontSize.display};
  }
`;

export const Lede = styled.p`
  max-width: 52ch;
  margin-top: ${space(3)};
  color: ${color.textMuted};
  font-size: ${fontSize.md};

  ${SPLIT_AT} {
    font-size: ${fontSize.lg};
  }
`;

export const Proofs = styled.dl`
  display: grid;
  gap: ${space(4)};
  margin: 0;
`;

export const Proof = styled.div`
  display: grid;
  grid-template-columns: 112px minmax(0, 1fr);
  align-items: baseline;
  gap: ${space(4)};
  padding-top: ${space(4)};
  border-top: 1px solid ${color.border};

  &:first-child {
    border-top: 0;
    padding-top: 0;
  }
`;

export const ProofValue = styled.dt`
  ${numeric}
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.medium};
  color: ${color.accentText};
`;

export const ProofText = styled.dd`
  margin: 0;
  color: ${color.textMuted};
`;
