/**
 * WhatsApp (beyond-the-spec section 5): the answer of click to chat, shared by the route handler and the
 * screens.
 */
import { z } from 'zod';

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
