/**
 * Tenant name from a request host (spec section 1): the first label of the host name.
 * A bare host without a dot (`localhost`), or an IP address, maps to the default tenant.
 * Pure: used by the request edge (middleware) and by the server.
 */
export function tenantSlugFromHost(host: string | null | undefined, defaultTenant = 'klok'): string {
  if (!host) return defaultTenant;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return defaultTenant; // IPv6 literal
  name = name.replace(/:\d+$/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return defaultTenant;
  const labels = name.split('.').filter(Boolean);
  if (labels.length < 2) return defaultTenant;
  return labels[0]!;
}

export const SESSION_COOKIE = 'klok_session';

/**
 * Header carrying the caller's IP address, set by the custom server (scripts/server.ts) on every request
 * it forwards to Next (any value a client sends is replaced), and read by the rate limits.
 */
export const CLIENT_IP_HEADER = 'x-klok-client-ip';

/** The host a request was addressed to: the forwarded host behind a proxy, else `Host`. */
export function requestHost(headers: { get(name: string): string | null }): string | null {
  return headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
}
