import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { disconnectWhatsApp, readWhatsAppSettings, saveWhatsAppSettings } from '@/lib/server/services/whatsapp-settings';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf } from '@/lib/validation/dto';
import { STALE_VERSION } from '@/lib/validation/openapi';
import { ZWhatsAppSettings, ZWhatsAppSettingsPut } from '@/lib/validation/whatsapp';

const params = z.object({ facilityId: ZFacilityId });

/**
 * `GET /api/v1/facility/1/whatsapp` (admins only) → `{ data: { connected, phone_number_id, access_token,
 * app_secret, verify_token, webhook_url, version } }`: the tenant's WhatsApp Business Platform connection with
 * the access token and the app secret masked ("••••a1b2"), never whole. Errors: 401, 403 not an admin.
 */
export const GET = route(
  {
    summary: 'The tenant’s WhatsApp Business connection (admin): phone number id, masked credentials, webhook URL and verify token',
    access: 'admin',
    params,
    response: dataOf(ZWhatsAppSettings),
  },
  async ({ tenant }) => data(await readWhatsAppSettings(await getDb(), tenant)),
);

/**
 * `PUT /api/v1/facility/1/whatsapp` (admins only) with `{ phone_number_id, access_token?, app_secret?,
 * version? }` → 200 with the connection as GET shows it. The credentials are stored encrypted; while
 * connected, a left-out token or secret keeps the stored one. Errors: 400 invalid body or (first connection)
 * a missing token or secret; 401; 403 not an admin; 409 `conflict` with `details.current` when `version` is
 * stale (nothing saved); 422 `unprocessable` when the server has no SECRETS_KEY (production).
 */
export const PUT = route(
  {
    summary:
      'Connects the tenant’s WhatsApp Business number or changes its connection (admin); the access token and app secret are stored encrypted ' +
      'and may be left out while connected to keep the stored ones',
    access: 'admin',
    params,
    body: ZWhatsAppSettingsPut,
    response: dataOf(ZWhatsAppSettings),
    errors: { 409: STALE_VERSION, 422: 'unprocessable: the server has no SECRETS_KEY to encrypt the credentials' },
  },
  async ({ tenant, body }) => data(await saveWhatsAppSettings(await getDb(), tenant, body)),
);

/**
 * `DELETE /api/v1/facility/1/whatsapp` (admins only) → 204: removes the connection and its credentials; the
 * tenant's WhatsApp messages then go to the development provider (the log). Errors: 401, 403 not an admin.
 */
export const DELETE = route(
  {
    summary: 'Disconnects the tenant’s WhatsApp Business number (admin) and erases its credentials',
    access: 'admin',
    params,
    status: 204,
  },
  async ({ tenant }) => {
    await disconnectWhatsApp(await getDb(), tenant.id);
    return new NextResponse(null, { status: 204 });
  },
);
