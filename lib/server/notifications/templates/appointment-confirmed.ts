/**
 * The confirmation of a booking (client bookings, and staff bookings for a client with an e-mail; never the
 * guest), with the appointment's `.ics` attached: the same file the client's Descargar recordatorio
 * produces (`buildReminder`, titled with the salon, located at its address, described with
 * es.json `home.reminderDescription`).
 */
import 'server-only';
import messages from '@/lib/i18n/messages/es.json';
import { buildReminder } from '@/lib/domain/reminder';
import { emailText } from '@/lib/server/messages';
import type { EmailAttachment } from '../outbox';
import { greeting, renderEmail, whenOf, type RenderedEmail, type Salon } from './layout';

export type AppointmentConfirmedInput = {
  salon: Salon;
  appointmentId: string;
  clientName: string;
  service: string;
  employee: string;
  /** Start and end instants (epoch ms, Date or ISO). */
  start: number | string | Date;
  end: number | string | Date;
};


const iso = (v: number | string | Date) => new Date(v).toISOString();

/** The appointment's reminder file, exactly as Descargar recordatorio builds it; null when it cannot be built. */
export function reminderAttachment(input: AppointmentConfirmedInput): EmailAttachment | null {
  const reminder = buildReminder(
    { id: input.appointmentId, start_time: iso(input.start), end_time: iso(input.end) },
    { name: input.salon.name, address: input.salon.address },
    { description: messages.home.reminderDescription.replace('{service}', input.service).replace('{employee}', input.employee) },
  );
  return reminder ? { filename: reminder.filename, content: reminder.ics, contentType: 'text/calendar; charset=utf-8' } : null;
}

/** `Tu cita en {salon} está confirmada`, with the `.ics` reminder attached. */
export function appointmentConfirmedEmail(input: AppointmentConfirmedInput): RenderedEmail & { attachments: EmailAttachment[] } {
  const values = { facility: input.salon.name, service: input.service, employee: input.employee, when: whenOf(input.start) };
  const attachment = reminderAttachment(input);
  const rendered = renderEmail(emailText('confirmSubject', values), input.salon, [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('confirmIntro', values) },
    ...(attachment ? [{ kind: 'p' as const, text: emailText('confirmAttachment', values) }] : []),
    { kind: 'p', text: emailText('confirmClosing', values) },
  ]);
  return { ...rendered, attachments: attachment ? [attachment] : [] };
}
