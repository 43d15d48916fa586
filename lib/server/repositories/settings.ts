import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { tenants } from '@/lib/server/db/schema';
import type { TenantSettings } from '@/lib/validation/dto';

/** The tenant's settings as the API shows them, or null for an unknown tenant. */
export async function getTenantSettings(db: DbOrTx, tenantId: number): Promise<TenantSettings | null> {
  const [row] = await db
    .select({ automaticReminders: tenants.automaticReminders })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row ? { automatic_reminders: row.automaticReminders } : null;
}

/** Stores the tenant's settings; returns them as stored, or null for an unknown tenant. */
export async function updateTenantSettingsRow(
  db: DbOrTx,
  tenantId: number,
  values: { automaticReminders: boolean },
): Promise<TenantSettings | null> {
  const [row] = await db
    .update(tenants)
    .set({ automaticReminders: values.automaticReminders })
    .where(eq(tenants.id, tenantId))
    .returning({ automaticReminders: tenants.automaticReminders });
  return row ? { automatic_reminders: row.automaticReminders } : null;
}
