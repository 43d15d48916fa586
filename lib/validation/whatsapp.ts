/**
 * WhatsApp (beyond-the-spec section 5): the answer of click to chat and the tenant's Cloud API connection,
 * shared by the route handlers, the browser's fetchers and the screens.
 */
import { z } from 'zod';
import { v } from './messages';

/** `POST /facility/1/appointments/{id}/whatsapp` → the `wa.me` link with the message typed in, and when staff first opened it (UTC ISO). */
export const ZWhatsAppMessage = z.object({ url: z.string(), opened_at: z.string() });
export type WhatsAppMessage = z.infer<typeof ZWhatsAppMessage>;

/**
 * A visit of tomorrow as "Recordatorios de mañana" lists it (`/reminders`): its first appointment (the one the
 * WhatsApp message is asked for), first start (UTC ISO), the client (its phone, null for the guest or an
 * account without one), the services and stylists in order, whether it waits for the client's confirmation,
 * and when staff first opened its WhatsApp message (UTC ISO, or null).
 */
export const ZDayReminder = z.object({
  appointment_id: z.string(),
  start_time: z.string(),
  client_name: z.string(),
  phone: z.string().nullable(),
  services: z.array(z.string()),
  employees: z.array(z.string()),
  confirmation: z.enum(['pending', 'confirmed', 'not_required']),
  opened_at: z.string().nullable(),
});
export type DayReminder = z.infer<typeof ZDayReminder>;

/**
 * The tenant's WhatsApp Business Platform connection as admins read it (`GET /facility/1/whatsapp`):
 * whether it is connected, the phone number id, the access token and the app secret masked ("••••a1b2",
 * never whole), the verify token and the webhook URL Meta needs, and the connection's `version` (an opaque
 * string, as every editable resource has; "0" while not connected). Not connected: every credential is null.
 */
export const ZWhatsAppSettings = z.object({
  connected: z.boolean(),
  phone_number_id: z.string().nullable(),
  access_token: z.string().nullable(),
  app_secret: z.string().nullable(),
  verify_token: z.string().nullable(),
  webhook_url: z.string(),
  version: z.string(),
});
export type WhatsAppSettings = z.infer<typeof ZWhatsAppSettings>;

/** Lengths of the credentials an admin pastes from Meta's developer console. */
export const WHATSAPP_ACCESS_TOKEN = { min: 20, max: 1024 } as const;
export const WHATSAPP_APP_SECRET = { min: 16, max: 256 } as const;

/**
 * `PUT /facility/1/whatsapp` (admins): the phone number id (5–30 digits), the access token (20–1024
 * characters) and the app secret (16–256). While connected, a missing token or secret keeps the stored one;
 * the first connection needs both. `version`: the connection's as loaded ("0" when it was not connected); a
 * different current one answers 409 `conflict` and nothing is saved. Surrounding blanks of a
 * pasted value are dropped.
 */
export const ZWhatsAppSettingsPut = z
  .object({
    phone_number_id: z.string().trim().max(30, v.whatsappPhoneNumberId).regex(/^\d{5,30}$/, v.whatsappPhoneNumberId),
    access_token: z
      .string()
      .trim()
      .min(WHATSAPP_ACCESS_TOKEN.min, v.whatsappAccessToken)
      .max(WHATSAPP_ACCESS_TOKEN.max, v.whatsappAccessToken)
      .optional(),
    app_secret: z.string().trim().min(WHATSAPP_APP_SECRET.min, v.whatsappAppSecret).max(WHATSAPP_APP_SECRET.max, v.whatsappAppSecret).optional(),
    version: z.string().max(32).optional(),
  })
  .strict();
export type WhatsAppSettingsPut = z.infer<typeof ZWhatsAppSettingsPut>;
