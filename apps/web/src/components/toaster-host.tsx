import { useEffect } from 'react';
import { Toaster, toast } from '@mako/ui';
import { toasterMounted } from '../lib/notices/notify.ts';

/** The ui Toaster (SPEC §9: 3 visible, 4000 ms, 14 px gap, 356 px), loaded on demand. */
export default function ToasterHost() {
  // The Toaster, a child, subscribes in its own effect, which React runs before this one.
  useEffect(() => toasterMounted(toast), []);
  return <Toaster />;
}
