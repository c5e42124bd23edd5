import { lookup as dnsLookup, LookupAddress } from 'dns';
import { BlockList, isIP } from 'net';

/** Networks a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE=true (server-side request forgery). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): not globally reachable, and the IPv4 address sits where the
  // operator's prefix length puts it, so it cannot be read without knowing that length.
  ['64:ff9b:1::', 48],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/**
 * The eight 16-bit groups of an IPv6 address written in text (`::` and a trailing dotted
 * IPv4 part included), or undefined when it is not one.
 */
export function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 addresses an IPv6 address carries, for the forms a host may route to the
 * embedded IPv4 address: IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96`,
 * IPv4-compatible `::/96`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16` (bits 16-47) and Teredo
 * `2001::/32` (its server in bits 32-63, its client obfuscated, inverted, in the last 32).
 * `64:ff9b:1::/48` (local-use NAT64) is not here: it is refused whole (in PRIVATE).
 */
export function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return [ipv4Of(g[6], g[7])];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(~g[6] & 0xffff, ~g[7] & 0xffff)];
  return [];
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the internet, itself or through the IPv4 address it embeds. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  return PRIVATE.check(address, 'ipv6') || embeddedIpv4(address).some((v4) => PRIVATE.check(v4, 'ipv4'));
}

/**
 * Why `raw` cannot be a webhook URL, or undefined when it can: http(s) only, https only in
 * production, no credentials in it, and no private address written in it (names are
 * checked again at each delivery, on the addresses they resolve to). `allowPrivate`:
 * WEBHOOKS_ALLOW_PRIVATE.
 */
export function webhookUrlProblem(raw: string, production: boolean, allowPrivate = false): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must use https';
  if (production && url.protocol !== 'https:') return 'url must use https';
  if (url.username || url.password) return 'url must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))) {
    return 'url must not point to a private or loopback address';
  }
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses names resolving to private addresses (checked
 * at connect time: no rebinding), unless `allowPrivate`.
 */
export const guardedLookup =
  (allowPrivate: boolean, resolve: Resolver = dnsLookup) =>
  (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void =>
    lookupPublic(hostname, options, callback, allowPrivate, resolve);

/** dns.lookup with `all: true` (a parameter so the guard is specified against any answer). */
type Resolver = (
  hostname: string,
  options: { all: true; family: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

function lookupPublic(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback, allowPrivate: boolean, resolve: Resolver): void {
  resolve(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, '');
    if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '');
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
