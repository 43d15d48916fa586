import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { facilities } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import type { Facility } from '@/lib/validation/dto';

/** Facility as the API shows it (spec section 3; the contract's `Facility`). */
export type FacilityDto = Facility;

/** The URL of a tenant asset: `{ASSET_BASE_URL}/{tenant}/{file}`, or `/tenants/{tenant}/{file}` from public/. */
export function assetUrl(tenantSlug: string, file: string): string {
  if (/^(https?:)?\//.test(file)) return file;
  const base = env().ASSET_BASE_URL.replace(/\/$/, '');
  return base ? `${base}/${tenantSlug}/${file}` : `/tenants/${tenantSlug}/${file}`;
}

/** The tenant's facilities (one: id 1). */
export async function listFacilities(db: DbOrTx, tenant: { id: number; slug: string }): Promise<FacilityDto[]> {
  const rows = await db.select().from(facilities).where(eq(facilities.tenantId, tenant.id)).orderBy(facilities.id);
  return rows.map((f) => toFacilityDto(tenant.slug, f));
}

/** One facility of the tenant, or null. */
export async function getFacility(
  db: DbOrTx,
  tenant: { id: number; slug: string },
  facilityId: number,
): Promise<FacilityDto | null> {
  const rows = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.tenantId, tenant.id), eq(facilities.id, facilityId)))
    .limit(1);
  return rows[0] ? toFacilityDto(tenant.slug, rows[0]) : null;
}

function toFacilityDto(tenantSlug: string, f: typeof facilities.$inferSelect): FacilityDto {
  return {
    id: f.id,
    name: f.name,
    logo: f.logo ? assetUrl(tenantSlug, f.logo) : null,
    address: f.address,
    tlf: f.tlf,
    config: f.config ?? {},
  };
}

/**
 * The URL of a salon's logo: its facility's own (`facilityLogo` as stored, see `assetUrl`), else its
 * generated monogram served by this app (app/tenants/[slug]/logo.svg).
 */
export function logoUrl(tenantSlug: string, facilityLogo: string | null): string {
  return facilityLogo ? assetUrl(tenantSlug, facilityLogo) : `/tenants/${tenantSlug}/logo.svg`;
}
