import { useEffect } from 'react';
import { usePageTitle } from './page-title.ts';

/** Sets document.title to a fixed title while the calling component is shown. */
export function usePageTitleEffect(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Keeps document.title equal to the deepest route title. Routes without one (the 404 page, which
 * no route matches) set their own, so nothing is written then.
 */
export function useDocumentTitle(): string | null {
  const title = usePageTitle();
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return title;
}
