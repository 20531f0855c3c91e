import { Callout } from '../../primitives/callout';
import { formatMs, formatNumber } from '../../foundations/format/format';
import type { ClientReport } from '@mako/contract';

/**
 * Says, when the client could not keep to its schedule, that the figures measure the client as
 * much as the server, and why; nothing when it kept up.
 */
export function ClientLimitedCallout({ client }: { client: ClientReport | undefined }) {
  if (!client?.client_limited) return null;
  const rate =
    client.target_rate !== null && client.achieved_rate !== null
      ? `It sent ${formatNumber(client.achieved_rate, 2)} of the ${formatNumber(client.target_rate, 2)} requests/s asked for, `
      : '';
  return (
    <Callout tone="warning" role="none" title="The client could not keep up">
      <p>
        {client.client_limited_reasons.length > 0 ? `${client.client_limited_reasons.join('; ')}. ` : ''}
        {rate}
        with a send-lag p99 of {formatMs(client.send_lag_ms.p99)} at {formatNumber(client.cpu_pct)} % of a CPU core. The
        server saw less load than the setting says, so these figures understate it: run the client on a less busy
        machine or lower the load.
      </p>
    </Callout>
  );
}
