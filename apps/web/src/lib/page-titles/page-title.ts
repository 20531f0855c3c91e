import { useMatches } from '@tanstack/react-router';

type TitleMeta = { title: string };

/** A route's `head` with the page title of SPEC §2; the deepest route with a title wins. */
export function pageHead(title: string): { meta: TitleMeta[] } {
  return { meta: [{ title }] };
}

function titleOf(meta: unknown): string | null {
  if (!Array.isArray(meta)) return null;
  for (const entry of meta as unknown[]) {
    const title = typeof entry === 'object' && entry !== null ? (entry as Partial<TitleMeta>).title : undefined;
    if (typeof title === 'string' && title) return title;
  }
  return null;
}

/** The title of the deepest matched route that has one: the shell's h1 and the document title. */
export function usePageTitle(): string | null {
  return useMatches({
    select: (matches) => {
      for (let index = matches.length - 1; index >= 0; index -= 1) {
        const title = titleOf(matches[index]?.meta);
        if (title) return title;
      }
      return null;
    },
  });
}
