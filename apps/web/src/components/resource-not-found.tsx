import { Link } from '@tanstack/react-router';
import { NotFoundView } from '@mako/ui';

/** The generic 'Not Found' view for a session or setting that does not exist (or is not yours). */
export function ResourceNotFound({
  what,
  backTo,
  backLabel,
}: {
  what: string;
  backTo: '/tuning-sessions' | '/single-benchmarks';
  backLabel: string;
}) {
  return (
    <div style={{ padding: 24 }}>
      <NotFoundView
        description={`This ${what} does not exist, or it belongs to someone else.`}
        actions={<Link to={backTo}>{backLabel}</Link>}
      />
    </div>
  );
}
