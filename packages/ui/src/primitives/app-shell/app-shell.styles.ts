import styled from 'styled-components';
import {
  color,
  focusRing,
  fontSize,
  fontWeight,
  lineHeight,
  media,
  plainList,
  radius,
  space,
  stack,
  zIndex,
} from '../../foundations/theme/design-tokens';

export const SIDEBAR_WIDTH = 240;

export const ShellRoot = styled.div`
  display: grid;
  grid-template-columns: ${SIDEBAR_WIDTH}px minmax(0, 1fr);
  min-height: 100vh;
  background: ${color.bg};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const SkipLink = styled.a`
  position: absolute;
  top: ${space(2)};
  left: ${space(2)};
  z-index: ${zIndex.toast};
  padding: ${space(2)} ${space(3)};
  border-radius: ${radius.md};
  background: ${color.accent};
  color: ${color.accentFg};
  transform: translateY(-200%);

  &:focus {
    transform: none;
    ${focusRing}
  }
`;

export const Sidebar = styled.aside`
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  height: 100vh;
  border-right: 1px solid ${color.border};
  background: ${color.surface};
  overflow-y: auto;

  ${media.narrow} {
    display: none;
  }
`;

/** The sidebar's brand row and the top bar make one 56 px band across the page, under one hairline. */
const topBand = `
  display: flex;
  align-items: center;
  height: 56px;
  border-bottom: 1px solid ${color.border};
`;

export const Brand = styled.div`
  ${topBand}
  gap: ${space(2)};
  padding: 0 ${space(4)};
  color: ${color.text};
  font-weight: ${fontWeight.semibold};
  font-size: ${fontSize.lg};
  flex: none;

  svg {
    color: ${color.accent};
  }
`;

export const NavRoot = styled.nav`
  ${stack(3)}
  padding: ${space(3)};
`;

export const NavList = styled.ul`
  ${stack(0.5)}
  ${plainList}

  a {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    min-height: 32px;
    padding: ${space(1.5)} ${space(3)};
    border-radius: ${radius.md};
    color: ${color.textMuted};
    font-size: ${fontSize.md};
    line-height: ${lineHeight.tight};
    text-decoration: none;
  }

  a:hover {
    background: ${color.neutralSubtle};
    color: ${color.text};
  }
  a:focus-visible {
    ${focusRing}
  }

  a[aria-current='page'] {
    background: ${color.accentSubtle};
    color: ${color.accentText};
    font-weight: ${fontWeight.medium};
  }

  ${media.narrow} {
    a {
      min-height: 44px;
    }
  }
`;

export const NavDivider = styled.hr`
  margin: 0 ${space(3)};
  border: 0;
  border-top: 1px solid ${color.border};
`;

export const Column = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${zIndex.sticky};
  ${topBand}
  gap: ${space(3)};
  padding: 0 ${space(6)};
  background: ${color.surface};

  ${media.narrow} {
    flex-wrap: wrap;
    gap: ${space(2)};
    height: auto;
    min-height: 56px;
    padding: ${space(2.5)} ${space(3)};
  }
`;

export const MenuButtonSlot = styled.div`
  display: none;
  ${media.narrow} {
    display: flex;
  }
`;

export const PageTitle = styled.h1`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/** Page actions sit beside the title; on small screens they wrap onto their own row. */
export const PageActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  flex: none;

  ${media.narrow} {
    order: 1;
    flex-basis: 100%;
  }
`;

export const TopActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  flex: none;
`;

export const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${space(6)};

  &:focus {
    outline: none;
  }

  ${media.narrow} {
    padding: ${space(4)} ${space(3)};
  }
`;

/** The top bar's buttons fill on hover and show the focus ring from the keyboard. */
const topBarButton = (hoverBackground: string): string => `
  cursor: pointer;

  &:hover {
    background: ${hoverBackground};
  }
  &:focus-visible {
    ${focusRing}
  }
`;

export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 36px;
  height: 36px;
  border: 1px solid transparent;
  border-radius: ${radius.md};
  background: transparent;
  color: ${color.text};
  ${topBarButton(color.neutralSubtle)}
`;

export const UserTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  max-width: 260px;
  height: 36px;
  padding: 0 ${space(2)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-size: ${fontSize.sm};
  ${topBarButton(color.sunken)}
`;

export const UserEmail = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  /* Only the avatar shows on small screens; the e-mail stays in the button's accessible name. */
  ${media.narrow} {
    position: absolute;
    width: 1px;
    height: 1px;
    clip: rect(0, 0, 0, 0);
  }
`;

export const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 24px;
  height: 24px;
  border-radius: ${radius.full};
  background: ${color.accentSubtle};
  color: ${color.accentText};
  font-size: ${fontSize.xs};
  font-weight: ${fontWeight.semibold};
  text-transform: uppercase;
`;

export const DrawerHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding-right: ${space(2)};
  border-bottom: 1px solid ${color.border};

  > div:first-child {
    border-bottom: 0;
  }
`;
