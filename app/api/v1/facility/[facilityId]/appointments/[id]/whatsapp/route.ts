import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, route } from '@/lib/server/http';
import { whatsAppMessage } from '@/lib/server/services/whatsapp-message';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf } from '@/lib/validation/dto';
import { ZWhatsAppMessage } from '@/lib/validation/whatsapp';

/**
 * `POST /api/v1/facility/1/appointments/{id}/whatsapp` (beyond-the-spec section 5, click to chat), staff only:
 * the salon's WhatsApp message about the appointment and its visit → 200 `{ data: { url, opened_at } }`, `url`
 * a `https://wa.me/{digits}?text=…` link with the Spanish text (and a fresh confirmation link while the visit
 * waits for one); the first opening is recorded. POST: it issues a link and records the opening. Errors: 404
 * unknown appointment, 409 cancelled or ended, 422 a client without a phone.
 */
export const POST = route(
  {
    summary: 'The WhatsApp message of an appointment (click to chat; staff)',
    access: 'staff',
    params: z.object({ facilityId: ZFacilityId, id: z.uuid() }),
    response: dataOf(ZWhatsAppMessage),
    errors: { 404: 'unknown appointment', 409: 'cancelled or ended', 422: 'a client without a phone' },
  },
  async ({ tenant, params, now }) => data(await whatsAppMessage(await getDb(), tenant.id, params.id, now)),
);
