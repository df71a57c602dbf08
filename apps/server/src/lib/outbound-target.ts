import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import http from 'node:http';
import https from 'node:https';

/**
 * Where the server may call an address a company gave (SSRF): a webhook, an identity provider's
 * metadata. Only public unicast addresses, unless private targets are allowed (development, tests, or
 * WEBHOOK_ALLOW_PRIVATE=1). The host is resolved and every address it resolves
 * to is checked, and the connection is made to the address that was checked (the socket's lookup), so a
 * name that changes its answer between the check and the call (DNS rebinding) cannot slip through.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked as the IPv4 address they carry (below); a
// ::ffff:0:0/96 rule would not do, as BlockList also applies IPv6 rules to mapped IPv4 addresses.
const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx). */
function mappedV4(address: string): string | null {
  const dotted = MAPPED.exec(address);
  if (dotted) return dotted[1]!;
  const hex = MAPPED_HEX.exec(address);
  if (!hex) return null;
  const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** True for an address a webhook may call outside development: public unicast only. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED.check(bare, 'ipv4');
  const v4 = mappedV4(bare);
  if (v4) return !BLOCKED.check(v4, 'ipv4');
  return !BLOCKED.check(bare, 'ipv6');
}

export class BlockedTarget extends Error {}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A socket `lookup` that resolves the host and refuses it when any of its addresses is not public
 * (unless `allowPrivate`). Given to the HTTP request, it is the check and the connection in one.
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const blocked = addresses.find((a) => !isPublicAddress(a.address));
      if (blocked && !allowPrivate)
        return callback(
          new BlockedTarget(`${hostname} resolves to a private address (${blocked.address})`),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Resolves a URL's host once and tells whether a webhook may call it (the save-time check). */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    checkedLookup(allowPrivate)(host, { all: true }, (err) => resolve(err ? err.message : null));
  });
}

/**
 * GETs a text (an identity provider's metadata) from an address a company gave: https only unless
 * private targets are allowed, through the checked lookup, within `maxChars` and `timeoutMs`.
 */
export async function fetchOutboundText(
  address: string,
  opts: { allowPrivate: boolean; maxChars: number; timeoutMs: number },
): Promise<string> {
  const url = new URL(address);
  if (!opts.allowPrivate && url.protocol !== 'https:') throw new BlockedTarget('Only https:// addresses');
  const refused = await checkTarget(url, opts.allowPrivate);
  if (refused) throw new BlockedTarget(refused);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const request = client.get(
      url,
      { timeout: opts.timeoutMs, lookup: checkedLookup(opts.allowPrivate) as never },
      (response) => {
        if ((response.statusCode ?? 0) !== 200) {
          response.resume();
          return reject(new Error(`HTTP ${response.statusCode}`));
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length > opts.maxChars) request.destroy(new Error('Too large'));
        });
        response.on('end', () => resolve(text));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('Timed out')));
    request.on('error', reject);
  });
}
