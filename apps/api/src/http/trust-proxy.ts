import { isIP } from 'node:net';

/**
 * Which proxies in front of the server may speak for the client in `X-Forwarded-For`:
 * - `false`: none; the client is the socket's peer;
 * - `{hops: n}`: the n nearest hops (the socket's peer, then the n − 1 right-most entries) are our
 *   proxies; safe only when nothing but those proxies can reach the server's port;
 * - `{addresses}`: peers with these addresses or in these ranges are our proxies, wherever they
 *   appear in the chain.
 * In every case the client is the right-most address not added by a trusted proxy: anything to its
 * left was written by the client, who can write anything (issue 23: trusting every hop made the
 * left-most, client-written entry the address the burst limit counted).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for the loopback, link-local and private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/** Checks one entry of an address list: an IP, an IP/prefix (CIDR), an IP/netmask, or a named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * Reads `TRUST_PROXY`. `true` means one hop (the proxy that connects to us), never "trust every
 * entry": that is what let a client choose its own address. Throws a message naming the bad entry.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim();
  if (['', 'false', '0', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: at most ${MAX_HOPS} hops, got ${hops}`);
    return { hops };
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  const bad = addresses.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY: "${bad}" is not a hop count, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
    );
  return { addresses };
}

/** Fastify's `trustProxy` option for the setting (its proxy-addr trust function `(address, hop)`). */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('addresses' in setting) return setting.addresses;
  // Fastify 5 turns a bare number into "trust nothing" (it cannot check the peer), so the hop
  // count is given as proxy-addr's function form: hop 0 is the socket's peer, 1 the right-most entry.
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
