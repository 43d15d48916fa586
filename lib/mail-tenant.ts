/**
 * How an e-mail names the salon that sent it, for the local mail catcher (scripts/dev-smtp.ts) and the
 * staff page `/mail` (lib/server/dev-mail.ts): the outbox worker sets `X-Klok-Tenant: <tenant id>` on every
 * message, the catcher files each message under its tenant's folder, and the page reads only the folder of
 * the signed-in staff member's tenant. Pure: no I/O, no server-only imports (the catcher script uses it).
 */

/** The header carrying the sending tenant's id (a positive integer, in decimal). */
export const TENANT_HEADER = 'X-Klok-Tenant';

/** The catcher's sub-folder of a tenant's messages: `tenant-<id>`. */
export function tenantMailFolder(tenantId: number): string {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new RangeError(`invalid tenant id: ${tenantId}`);
  return `tenant-${tenantId}`;
}

/**
 * The tenant id named by a raw message's header block (`X-Klok-Tenant: 7`), or null when the header is
 * missing, repeated with different values, or not a positive integer. Only the header block (up to the
 * first empty line) is read, so a body quoting the header cannot choose the folder.
 */
export function tenantOfRawMessage(raw: string): number | null {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const pattern = new RegExp(`^${TENANT_HEADER}:[ \\t]*(\\S*)[ \\t]*$`, 'gim');
  const values = new Set([...head.matchAll(pattern)].map((m) => m[1]));
  if (values.size !== 1) return null;
  const [value] = [...values];
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}
