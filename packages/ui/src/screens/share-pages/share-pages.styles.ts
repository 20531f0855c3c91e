import styled from 'styled-components';
import { color, fontSize, fontWeight, media, space } from '../../foundations/theme/design-tokens';

export const PageRoot = styled.div`
  min-height: 100vh;
  background: ${color.bg};
`;

export const PageHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(3)};
  min-height: 56px;
  padding: ${space(2)} ${space(6)};
  border-bottom: 1px solid ${color.border};
  background: ${color.surface};

  ${media.narrow} {
    flex-wrap: wrap;
    padding: ${space(2)} ${space(3)};
  }
`;

export const BrandLine = styled.p`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  margin: 0;
  color: ${color.text};
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};

  svg {
    color: ${color.accent};
  }
`;

export const HeaderLinks = styled.nav`
  display: flex;
  align-items: center;
  gap: ${space(3)};
`;

export const Main = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  max-width: 1280px;
  margin: 0 auto;
  padding: ${space(6)};

  ${media.narrow} {
    padding: ${space(4)} ${space(3)};
  }
`;

export const ShareRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  min-width: min(100%, 360px);
`;
