import 'server-only';
import { cache } from 'react';
import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { getDb, type DbOrTx } from '@/lib/server/db/client';
import { tenants } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { requestHost, tenantSlugFromHost } from '@/lib/tenant-host';

/** A tenant as requests see it; `phoneCountries` are the ISO countries allowed for phone verification. */
export type Tenant = { id: number; slug: string; name: string; phoneCountries: string[] };

/**
 * How long a tenant found by slug is reused in this process without asking the database (one
 * query less before every handler). Tenant rows change rarely (the admin CLI, the settings screen): a change
 * made through this instance evicts at once (`forgetTenant`), one made elsewhere shows within this TTL.
 * Unknown slugs are never cached (a tenant created a moment ago is found at once).
 */
export const TENANT_CACHE_TTL_MS = 5_000;
const TENANT_CACHE_MAX = 1_000;
type TenantCache = Map<string, { tenant: Tenant; until: number }>;
const tenantCache: TenantCache = ((globalThis as { __klokTenantCache?: TenantCache }).__klokTenantCache ??= new Map());

/** Looks a tenant up by its slug (cached for TENANT_CACHE_TTL_MS); null when unknown. */
export async function findTenant(slug: string): Promise<Tenant | null> {
  const now = Date.now();
  const hit = tenantCache.get(slug);
  if (hit && hit.until > now) return hit.tenant;
  const db = await getDb();
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  if (!row) {
    tenantCache.delete(slug);
    return null;
  }
  const tenant = { id: row.id, slug: row.slug, name: row.name, phoneCountries: row.phoneCountries };
  if (tenantCache.size >= TENANT_CACHE_MAX) tenantCache.clear();
  tenantCache.set(slug, { tenant, until: now + TENANT_CACHE_TTL_MS });
  return tenant;
}

/** Drops the cached row of a tenant (by id) after this instance changed it; with no id, every tenant. */
export function forgetTenant(tenantId?: number): void {
  if (tenantId === undefined) return tenantCache.clear();
  for (const [slug, { tenant }] of tenantCache) if (tenant.id === tenantId) tenantCache.delete(slug);
}

/**
 * The public origin of a tenant's pages (`PUBLIC_ORIGIN` with the tenant's name), for links in messages sent
 * outside a request (the worker's confirmation requests and releases); no trailing slash.
 */
export function tenantOrigin(slug: string): string {
  const { PUBLIC_ORIGIN, PORT, DEFAULT_TENANT } = env();
  if (PUBLIC_ORIGIN) return PUBLIC_ORIGIN.replaceAll('{tenant}', slug).replace(/\/$/, '');
  return slug === DEFAULT_TENANT ? `http://localhost:${PORT}` : `http://${slug}.localhost:${PORT}`;
}

/** The public origin of a tenant by id (`tenantOrigin` of its slug), read inside the caller's transaction. */
export async function tenantOriginOf(db: DbOrTx, tenantId: number): Promise<string> {
  const [row] = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.id, tenantId));
  return tenantOrigin(row?.slug ?? '');
}

/** The tenant of a host header value (first label; default tenant for bare hosts and IPs); null when unknown. */
export function tenantForHost(host: string | null): Promise<Tenant | null> {
  return findTenant(tenantSlugFromHost(host, env().DEFAULT_TENANT));
}

/** The tenant of the current request (server components), cached per request; null when unknown. */
export const currentTenant = cache(async (): Promise<Tenant | null> => {
  const h = await headers();
  return tenantForHost(requestHost(h));
});
