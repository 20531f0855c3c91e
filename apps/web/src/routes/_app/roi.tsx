import { createFileRoute } from '@tanstack/react-router';
import { RoiCalculator } from '@mako/ui';
import { pageHead } from '../../lib/page-titles/page-title.ts';
import { TITLES } from '../../lib/page-titles/titles.ts';

/** What faster serving is worth in GPU dollars; computed in the browser, nothing is sent. */
export const Route = createFileRoute('/_app/roi')({
  head: () => pageHead(TITLES.roi),
  component: RoiCalculator,
});
