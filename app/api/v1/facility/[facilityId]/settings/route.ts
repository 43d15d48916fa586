import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { readTenantSettings, updateTenantSettings } from '@/lib/server/services/tenant-settings';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf, ZTenantSettings } from '@/lib/validation/dto';
import { STALE_VERSION } from '@/lib/validation/openapi';
import { ZTenantSettingsPatch } from '@/lib/validation/settings';

const params = z.object({ facilityId: ZFacilityId });

/**
 * `GET /api/v1/facility/1/settings` (staff) → `{ data: { automatic_reminders, phone_countries, confirmation,
 * weekly_summary, version } }`. Errors: 401, 403 client.
 */
export const GET = route(
  {
    summary: 'The tenant’s settings (automatic reminders on or off, countries allowed for phone verification, confirm or release, the Monday summary e-mail)',
    access: 'staff',
    params,
    response: dataOf(ZTenantSettings),
  },
  async ({ tenant }) => data(await readTenantSettings(await getDb(), tenant.id)),
);

/**
 * `PATCH /api/v1/facility/1/settings` (admins only; decisions "Admin-only actions") with
 * `{ automatic_reminders?: boolean, phone_countries?: string[], confirmation?: {…}, weekly_summary?: boolean,
 * version?: string }` (at least one setting; ISO codes such as `ES`; `version` as loaded) → 200 `{ data: the
 * settings as GET shows them }`. Errors: 400 invalid body; 401 no session; 403 not an admin; 409 `conflict` with
 * `details.current` when `version` is stale (nothing saved).
 */
export const PATCH = route(
  {
    summary:
      'Changes the tenant’s settings (admin): automatic_reminders turns the e-mail reminder 24 hours before each appointment on or off; ' +
      'phone_countries sets the ISO countries whose numbers may receive verification codes; ' +
      'weekly_summary turns the Monday e-mail to the admins with the week’s figures on or off',
    access: 'admin',
    params,
    body: ZTenantSettingsPatch,
    response: dataOf(ZTenantSettings),
    errors: { 409: STALE_VERSION },
  },
  async ({ tenant, body }) => data(await updateTenantSettings(await getDb(), tenant.id, body)),
);
