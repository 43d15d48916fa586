/**
 * The request edge in front of Next.js (scripts/server.ts), as pure functions:
 * - which host a request addressed, its scheme and the caller's IP — from the socket, or from
 *   `X-Forwarded-*` only when the socket is a configured trusted proxy (TRUSTED_PROXIES);
 * - whether that host is one of ours (PUBLIC_HOSTS), so no foreign host ever reaches a redirect or the
 *   OpenID `redirect_uri`;
 * - whether the path's percent escapes are well formed (Next answers a malformed one with a text 500);
 * - the origin-form of a request target (`GET http://host/path` → `/path`), so an absolute-form target
 *   naming another host never reaches Next (which would build redirects from it).
 * No I/O, no framework: unit-tested in forwarding.test.ts.
 */

/** Host patterns allowed when PUBLIC_HOSTS is unset: the local machine and its `*.localhost` tenants. */
export const DEFAULT_PUBLIC_HOSTS = ['localhost', '*.localhost', '127.0.0.1', '[::1]'];

/** Splits a comma-separated setting into trimmed, lower-cased, non-empty entries. */
export function listSetting(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** The host name of a `Host` value without its port (`Klok.Example.com:8080` → `klok.example.com`). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d*$/, '');
}

/**
 * True when a host (with or without port) matches a pattern: an exact name (`klok.app`) or a wildcard of
 * one label (`*.klok.app` matches `salon.klok.app`, not `klok.app` nor `a.b.klok.app`).
 */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = hostName(host);
  if (!name || !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/.test(name)) return false;
  return patterns.some((p) => {
    if (p.startsWith('*.')) {
      const suffix = p.slice(1);
      const label = name.slice(0, name.length - suffix.length);
      return name.endsWith(suffix) && label.length > 0 && !label.includes('.');
    }
    return name === p;
  });
}

/** The socket address without IPv4-mapped IPv6 form (`::ffff:127.0.0.1` → `127.0.0.1`). */
export function plainAddress(address: string | undefined): string {
  const a = (address ?? '').trim().toLowerCase();
  return a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a;
}

/** True when an address is one of the trusted proxies: exact addresses, or `loopback` for 127.0.0.0/8 and ::1. */
export function isTrustedProxy(address: string, trusted: readonly string[]): boolean {
  const a = plainAddress(address);
  if (!a) return false;
  if (trusted.includes('loopback') && (a === '::1' || /^127\./.test(a))) return true;
  return trusted.includes(a);
}

type Headers = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** What the edge decided about a request: the host, scheme and caller's IP to pass on to Next. */
export type EdgeView = { host: string; proto: 'http' | 'https'; clientIp: string };

/**
 * The request as the app must see it. From a trusted proxy: `X-Forwarded-Host` (first), `X-Forwarded-Proto`
 * (first) and the right-most `X-Forwarded-For` address that is not itself a trusted proxy. From anyone
 * else: the `Host` header, the socket's scheme and address — forwarded headers are ignored.
 * An internal request of our own middleware (`x-klok-internal` equal to the process's token) keeps the
 * forwarded host and client IP it carries.
 */
export function edgeView(
  req: { headers: Headers; remoteAddress: string | undefined; encrypted: boolean },
  cfg: { trustedProxies: readonly string[]; internalToken: string },
): EdgeView {
  const socketIp = plainAddress(req.remoteAddress);
  const ownProto = req.encrypted ? 'https' : 'http';
  const host = first(req.headers.host) ?? '';
  const internal = cfg.internalToken.length > 0 && first(req.headers['x-klok-internal']) === cfg.internalToken;
  if (internal) {
    return {
      host: first(req.headers['x-forwarded-host']) || host,
      proto: first(req.headers['x-forwarded-proto']) === 'https' ? 'https' : ownProto,
      clientIp: first(req.headers['x-klok-client-ip']) || socketIp,
    };
  }
  if (!isTrustedProxy(socketIp, cfg.trustedProxies)) return { host, proto: ownProto, clientIp: socketIp };
  const fwdHost = first(req.headers['x-forwarded-host'])?.split(',')[0]?.trim();
  const fwdProto = first(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  const chain = (first(req.headers['x-forwarded-for']) ?? '')
    .split(',')
    .map((a) => plainAddress(a))
    .filter(Boolean);
  let clientIp = socketIp;
  for (let i = chain.length - 1; i >= 0; i--) {
    clientIp = chain[i]!;
    if (!isTrustedProxy(clientIp, cfg.trustedProxies)) break;
  }
  return {
    host: fwdHost || host,
    proto: fwdProto === 'https' ? 'https' : fwdProto === 'http' ? 'http' : ownProto,
    clientIp,
  };
}

/** True when every `%` of a request target's path starts a valid escape sequence that decodes as UTF-8. */
export function pathEscapesValid(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The outcome of `originFormTarget`: the target to pass on, or a refusal (400). */
export type TargetVerdict = { ok: true; url: string } | { ok: false };

const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443' };

/** `host[:port]` lower-cased with the scheme's default port made explicit (`Klok.app` → `klok.app:443`). */
function authorityKey(authority: string, scheme: string): string {
  const a = authority.trim().toLowerCase();
  const name = hostName(a);
  const port = a.slice(name.length).replace(/^:/, '') || DEFAULT_PORT[scheme] || '';
  return `${name}:${port}`;
}

/**
 * The origin-form of a request target (RFC 9112 §3.2), or a refusal.
 * - Origin-form (`/path?query`) passes as it is.
 * - Absolute-form (`http://authority/path?query`, as proxies are sent) becomes `/path?query` when its
 *   authority is the request's `Host` (case-insensitive, default port of its scheme implied); an
 *   authority naming another host or port, user info, a scheme other than http(s), a fragment or an
 *   empty authority are refused — such a target would otherwise reach Next.js, which builds redirects
 *   (`Location`) from it.
 * - Anything else (`*`, authority-form, garbage) is refused.
 * `target` is the raw request target (Node's `req.url`); `host` the raw `Host` header.
 */
export function originFormTarget(target: string, host: string | undefined): TargetVerdict {
  if (target.startsWith('/')) return { ok: true, url: target };
  const absolute = /^(https?):\/\/([^/?#]*)([^#]*)$/i.exec(target);
  if (!absolute || !host) return { ok: false };
  const scheme = absolute[1]!.toLowerCase();
  const authority = absolute[2]!;
  const rest = absolute[3]!;
  if (!authority || authority.includes('@')) return { ok: false };
  if (authorityKey(authority, scheme) !== authorityKey(host, scheme)) return { ok: false };
  return { ok: true, url: rest.startsWith('/') ? rest : `/${rest}` };
}
