import 'server-only';
import type { Db } from '@/lib/server/db/client';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { getTenantSettings, lockTenantSettings, updateTenantSettingsRow } from '@/lib/server/repositories/settings';
import { assertVersion } from '@/lib/server/version';
import type { TenantSettings } from '@/lib/validation/dto';
import type { TenantSettingsPatch } from '@/lib/validation/settings';

/** The tenant's settings (staff read them; `GET /facility/1/settings`). Errors: 404 unknown tenant. */
export async function readTenantSettings(db: Db, tenantId: number): Promise<TenantSettings> {
  const settings = await getTenantSettings(db, tenantId);
  if (!settings) throw new ApiError('not_found', errorMessage('notFound'));
  return settings;
}

/**
 * Changes the tenant's settings (admins only, checked by the route; decisions "Admin-only actions").
 * Automatic reminders off: the next reminder scan skips the tenant's appointments; back on, appointments
 * still more than 24 hours away get theirs as usual (one already due while off is not sent late).
 * Phone countries: the ISO countries whose numbers may receive verification codes from now on (numbers
 * already verified stay). Confirm or release (beyond-the-spec section 3): on or off, and the request and cut-off
 * hours, for appointments booked from then on (those already planned keep their times; off, the scan skips
 * the tenant until it is on again). The Monday summary e-mail on or off: the next Monday's scan queues it or
 * skips the tenant. Only the fields given change. With `version` (the settings' as loaded), a
 * different current version (checked under the tenant row's lock) answers 409 `conflict` with
 * `details.current` and nothing is written. Errors: 404 unknown tenant.
 */
export async function updateTenantSettings(db: Db, tenantId: number, input: TenantSettingsPatch): Promise<TenantSettings> {
  return db.transaction(async (tx) => {
    const current = await lockTenantSettings(tx, tenantId);
    if (!current) throw new ApiError('not_found', errorMessage('notFound'));
    assertVersion(input.version, current);
    const settings = await updateTenantSettingsRow(tx, tenantId, {
      ...(input.automatic_reminders !== undefined ? { automaticReminders: input.automatic_reminders } : {}),
      ...(input.phone_countries !== undefined ? { phoneCountries: input.phone_countries } : {}),
      ...(input.confirmation?.enabled !== undefined ? { confirmationEnabled: input.confirmation.enabled } : {}),
      ...(input.confirmation?.request_hours !== undefined ? { confirmationRequestHours: input.confirmation.request_hours } : {}),
      ...(input.confirmation?.cutoff_hours !== undefined ? { confirmationCutoffHours: input.confirmation.cutoff_hours } : {}),
      ...(input.weekly_summary !== undefined ? { weeklySummaryEmail: input.weekly_summary } : {}),
    });
    if (!settings) throw new ApiError('not_found', errorMessage('notFound'));
    return settings;
  });
}
