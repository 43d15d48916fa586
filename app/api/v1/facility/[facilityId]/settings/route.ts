import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { readTenantSettings, updateTenantSettings } from '@/lib/server/services/tenant-settings';
import { ZFacilityId } from '@/lib/validation/common';
import { ZTenantSettingsPatch } from '@/lib/validation/settings';

const params = z.object({ facilityId: ZFacilityId });

/** `GET /api/v1/facility/1/settings` (staff) → `{ data: { automatic_reminders, phone_countries, version } }`. Errors: 401, 403 client. */
export const GET = route({ access: 'staff', params }, async ({ tenant }) => data(await readTenantSettings(await getDb(), tenant.id)));

/**
 * `PATCH /api/v1/facility/1/settings` (admins only; decisions "Admin-only actions") with
 * `{ automatic_reminders?: boolean, phone_countries?: string[], version?: string }` (at least one setting;
 * ISO codes such as `ES`; `version` as loaded) → 200 `{ data: { automatic_reminders, phone_countries,
 * version } }`. Errors: 400 invalid body; 401 no session; 403 not an admin; 409 `conflict` with
 * `details.current` when `version` is stale (nothing saved).
 */
export const PATCH = route({ access: 'admin', params, body: ZTenantSettingsPatch }, async ({ tenant, body }) =>
  data(await updateTenantSettings(await getDb(), tenant.id, body)),
);
