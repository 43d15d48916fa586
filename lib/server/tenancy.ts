import 'server-only';
import { cache } from 'react';
import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { getDb } from '@/lib/server/db/client';
import { tenants } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { requestHost, tenantSlugFromHost } from '@/lib/tenant-host';

/** A tenant as requests see it; `phoneCountries` are the ISO countries allowed for phone verification. */
export type Tenant = { id: number; slug: string; name: string; phoneCountries: string[] };

/** Looks a tenant up by its slug; null when unknown. */
export async function findTenant(slug: string): Promise<Tenant | null> {
  const db = await getDb();
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row ? { id: row.id, slug: row.slug, name: row.name, phoneCountries: row.phoneCountries } : null;
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
