import 'server-only';
import { cache } from 'react';
import { getDb } from '@/lib/server/db/client';
import { getFacility, logoUrl } from '@/lib/server/repositories/facility';
import { currentTenant } from '@/lib/server/tenancy';

/** How the current request's salon presents itself: its name and its logo's URL. */
export type SalonBrand = { name: string; logo: string };

/**
 * The salon of the current request (server components, metadata routes), read once per request: its name
 * and logo (the facility's own, else its generated monogram, `logoUrl`). Null for a host that names no
 * known salon.
 */
export const currentBrand = cache(async (): Promise<SalonBrand | null> => {
  const tenant = await currentTenant();
  if (!tenant) return null;
  const facility = await getFacility(await getDb(), tenant, 1);
  return { name: tenant.name, logo: logoUrl(tenant.slug, facility?.logo ?? null) };
});
