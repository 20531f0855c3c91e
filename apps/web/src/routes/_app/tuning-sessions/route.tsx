import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/** The tuning-sessions layout: its title holds for the list; a session's page sets its own. */
export const Route = createFileRoute('/_app/tuning-sessions')({
  head: () => pageHead(TITLES.tuningSessions),
});
