import type { ReactNode } from 'react';
import { ScreenHeader, ScreenHeading, ScreenLede, ScreenTitle } from './screen-layout.styles';

/** A screen's title over a one-line lede that says what the screen is for, with its `actions` beside them. */
export function ScreenIntro({ title, lede, actions }: { title: ReactNode; lede: ReactNode; actions?: ReactNode }) {
  return (
    <ScreenHeader>
      <ScreenHeading>
        <ScreenTitle>{title}</ScreenTitle>
        <ScreenLede>{lede}</ScreenLede>
      </ScreenHeading>
      {actions}
    </ScreenHeader>
  );
}
