import { Badge, StatusBadge } from '../../primitives/badge';
import { BadgeRow } from './benchmark-common.styles';

export interface BenchmarkBadgesProps {
  benchmark: {
    verified: boolean;
    published: boolean;
    demo: boolean;
    session_id?: string | null;
    client?: { client_limited: boolean };
  };
  /** Also mark private benchmarks and tuning trials (the detail page; search lists only the flags). */
  showPrivate?: boolean;
}

/** Verified, published and demo flags in words, so a row says what it is without colour. */
export function BenchmarkBadges({ benchmark, showPrivate = false }: BenchmarkBadgesProps) {
  return (
    <BadgeRow>
      {benchmark.verified ? <StatusBadge status="verified" /> : null}
      {benchmark.published ? <StatusBadge status="published" /> : showPrivate ? <Badge>Private</Badge> : null}
      {benchmark.demo ? <Badge tone="warning">Demo</Badge> : null}
      {benchmark.client?.client_limited ? <Badge tone="warning">Client-limited</Badge> : null}
      {showPrivate && benchmark.session_id ? <Badge tone="info">Tuning trial</Badge> : null}
    </BadgeRow>
  );
}
