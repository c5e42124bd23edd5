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
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
  (allowPrivate: boolean) =>
  (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void =>
    lookupPublic(hostname, options, callback, allowPrivate);

function lookupPublic(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback, allowPrivate: boolean): void {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, '');
    if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }), '');
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
