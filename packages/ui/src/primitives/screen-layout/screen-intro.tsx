import type { ReactNode } from 'react';
import { ScreenHeader, ScreenHeading, ScreenLede, ScreenTitle } from './screen-layout.styles';

/** A screen's title over a one-line lede that says what the screen is for. */
export function ScreenIntro({ title, lede }: { title: ReactNode; lede: ReactNode }) {
  return (
    <ScreenHeader>
      <ScreenHeading>
        <ScreenTitle>{title}</ScreenTitle>
        <ScreenLede>{lede}</ScreenLede>
      </ScreenHeading>
    </ScreenHeader>
  );
}
