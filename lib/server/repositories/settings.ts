import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { tenants } from '@/lib/server/db/schema';
import { forgetTenant } from '@/lib/server/tenancy';
import { settingsVersion } from '@/lib/server/version';
import type { TenantSettings } from '@/lib/validation/dto';

/** The tenant's settings as the API shows them, or null for an unknown tenant. */
export async function getTenantSettings(db: DbOrTx, tenantId: number): Promise<TenantSettings | null> {
  const [row] = await db.select(COLUMNS).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ? toSettings(row) : null;
}

const COLUMNS = {
  automaticReminders: tenants.automaticReminders,
  phoneCountries: tenants.phoneCountries,
  confirmationEnabled: tenants.confirmationEnabled,
  confirmationRequestHours: tenants.confirmationRequestHours,
  confirmationCutoffHours: tenants.confirmationCutoffHours,
  weeklySummaryEmail: tenants.weeklySummaryEmail,
};
type SettingsRow = {
  automaticReminders: boolean;
  phoneCountries: string[];
  confirmationEnabled: boolean;
  confirmationRequestHours: number;
  confirmationCutoffHours: number;
  weeklySummaryEmail: boolean;
};
const toSettings = (row: SettingsRow): TenantSettings => {
  const settings = {
    automatic_reminders: row.automaticReminders,
    phone_countries: row.phoneCountries,
    confirmation: { enabled: row.confirmationEnabled, request_hours: row.confirmationRequestHours, cutoff_hours: row.confirmationCutoffHours },
    weekly_summary: row.weeklySummaryEmail,
  };
  return { ...settings, version: settingsVersion(settings) };
};

/**
 * Locks the tenant's row until the end of the caller's transaction (settings changes run one after the
 * other) and returns its settings as the API shows them, or null for an unknown tenant.
 */
export async function lockTenantSettings(tx: DbOrTx, tenantId: number): Promise<TenantSettings | null> {
  const [row] = await tx.select(COLUMNS).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return row ? toSettings(row) : null;
}

/** Stores the given settings (others unchanged); returns them all as stored, or null for an unknown tenant. */
export async function updateTenantSettingsRow(
  db: DbOrTx,
  tenantId: number,
  values: Partial<SettingsRow>,
): Promise<TenantSettings | null> {
  const [row] = await db.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning(COLUMNS);
  forgetTenant(tenantId); // the per-process tenant cache (lib/server/tenancy.ts) must not serve the old row
  return row ? toSettings(row) : null;
}
