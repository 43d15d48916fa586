import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { facilities, tenants, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import messages from '@/lib/i18n/messages/es.json';
import { errorMessage } from '@/lib/server/messages';
import { findEmployeeProfile } from '@/lib/server/repositories/employees';
import { findUserByEmail } from '@/lib/server/repositories/users';
import { ZTenantCreate, type TenantCreate } from '@/lib/validation/staff';
import { insertStaffAccount } from './add-employee';

/** Stored name of each tenant's guest client (decisions "Guest"); staff type the real name per booking. */
export const GUEST_NAME = messages.clients.guestName;

/** The fixed anonymous e-mail of a tenant's guest client (decisions "Guest"). */
export const guestEmail = (slug: string) => `invitado@${slug}.invalid`;

/** Facility details beyond the name (the demo seed fills them; a new salon starts without them). */
export type FacilityDetails = {
  /** Default: the tenant's name. */
  name?: string;
  logo?: string | null;
  address?: string | null;
  tlf?: string | null;
  config?: { instagram?: string };
};

export type CreateTenantInput = TenantCreate & { facility?: FacilityDetails };

/** What `createTenant` found or made; each flag is true when that part was created by this call. */
export type CreateTenantResult = {
  tenant: { id: number; slug: string; name: string };
  facility: { id: 1; name: string };
  admin: { email: string; name: string };
  guest: { email: string };
  created: { tenant: boolean; facility: boolean; admin: boolean; guest: boolean };
};

/**
 * Creates a new salon (`npm run tenant:create`, and the demo seed for its tenant), idempotently and in
 * one transaction: the tenant `slug` (served at `{slug}.<domain>`), its facility 1 (named after the
 * tenant unless `facility.name`), the admin account (role admin with an employee profile and the default
 * weekly schedule, see `insertStaffAccount`) and the guest client `invitado@{slug}.invalid` (is_guest,
 * allowance 0). Parts that already exist are left exactly as they are (a second run changes nothing,
 * even when the name differs); a removed admin is brought back.
 *
 * Input: validated with `ZTenantCreate` (slug a DNS label of lower-case letters, digits and hyphens).
 * Errors (ApiError): 400 `bad_request` with `details.fields` for invalid input; 409 `conflict`
 * (`adminEmailTaken`) when the admin e-mail belongs to a client or an employee of that tenant.
 */
export async function createTenant(db: DbOrTx, input: CreateTenantInput): Promise<CreateTenantResult> {
  const { facility: details, ...rest } = input;
  const parsed = ZTenantCreate.safeParse(rest);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ApiError('bad_request', fields[0]?.message ?? errorMessage('invalidRequest'), { fields });
  }
  const { slug, name, adminEmail } = parsed.data;
  const adminName = parsed.data.adminName ?? adminEmail.split('@')[0]!;
  const facilityName = details?.name ?? name;

  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(tenants).values({ slug, name }).onConflictDoNothing().returning();
    const tenant = inserted ?? (await tx.select().from(tenants).where(eq(tenants.slug, slug)).limit(1))[0]!;
    const tenantId = tenant.id;

    const [facility] = await tx
      .insert(facilities)
      .values({
        tenantId,
        id: 1,
        name: facilityName,
        logo: details?.logo ?? null,
        address: details?.address ?? null,
        tlf: details?.tlf ?? null,
        config: details?.config ?? {},
      })
      .onConflictDoNothing()
      .returning({ name: facilities.name });
    const facilityNow =
      facility ??
      (await tx
        .select({ name: facilities.name })
        .from(facilities)
        .where(and(eq(facilities.tenantId, tenantId), eq(facilities.id, 1)))
        .limit(1))[0]!;

    const [existingGuest] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.isGuest, true)))
      .limit(1);
    let guestCreated = false;
    if (!existingGuest) {
      await tx.insert(users).values({
        tenantId,
        email: guestEmail(slug),
        name: GUEST_NAME,
        role: 'client',
        isGuest: true,
        onboardingCompleted: true,
        nAppointmentsAllowed: 0,
      });
      guestCreated = true;
    }

    const existingAdmin = await findUserByEmail(tx, tenantId, adminEmail);
    let admin = existingAdmin ? { email: existingAdmin.email, name: existingAdmin.name } : null;
    let adminCreated = false;
    const removed = existingAdmin && existingAdmin.role !== 'client' ? (await findEmployeeProfile(tx, tenantId, existingAdmin.id))?.removedAt : null;
    if (!existingAdmin || removed) {
      const row = await insertStaffAccount(tx, tenantId, { email: adminEmail, name: existingAdmin?.name || adminName, role: 'admin' });
      admin = { email: row.email, name: row.name };
      adminCreated = true;
    } else if (existingAdmin.role !== 'admin') {
      throw new ApiError('conflict', errorMessage('adminEmailTaken'));
    }

    return {
      tenant: { id: tenantId, slug: tenant.slug, name: tenant.name },
      facility: { id: 1, name: facilityNow.name },
      admin: admin!,
      guest: { email: existingGuest?.email ?? guestEmail(slug) },
      created: { tenant: Boolean(inserted), facility: Boolean(facility), admin: adminCreated, guest: guestCreated },
    };
  });
}
