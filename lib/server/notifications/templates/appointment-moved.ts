/**
 * The e-mail to a client whose appointment the salon moved (another time and/or stylist; never for the
 * guest), with the updated `.ics` attached: the same UID as the confirmation's file and a higher SEQUENCE,
 * so a calendar that imported the confirmation moves its event instead of adding a second one.
 */
import 'server-only';
import messages from '@/lib/i18n/messages/es.json';
import { buildReminder } from '@/lib/domain/reminder';
import { emailText } from '@/lib/server/messages';
import type { EmailAttachment } from '../outbox';
import { greeting, renderEmail, whenOf, type RenderedEmail, type Salon } from './layout';

export type AppointmentMovedInput = {
  salon: Salon;
  appointmentId: string;
  clientName: string;
  service: string;
  /** The stylist and start before the move (start: epoch ms, Date or ISO). */
  previous: { employee: string; start: number | string | Date };
  /** The stylist, start and end after the move. */
  employee: string;
  start: number | string | Date;
  end: number | string | Date;
  /** The `.ics` SEQUENCE of this version (grows with every move of the appointment). */
  sequence: number;
};

const iso = (v: number | string | Date) => new Date(v).toISOString();

/** `Tu cita en {salon} ha cambiado`: the old and new date, time and stylist, with the updated `.ics` attached. */
export function appointmentMovedEmail(input: AppointmentMovedInput): RenderedEmail & { attachments: EmailAttachment[] } {
  const values = {
    facility: input.salon.name,
    service: input.service,
    employee: input.employee,
    when: whenOf(input.start),
    previousEmployee: input.previous.employee,
    previousWhen: whenOf(input.previous.start),
  };
  const reminder = buildReminder(
    { id: input.appointmentId, start_time: iso(input.start), end_time: iso(input.end) },
    { name: input.salon.name, address: input.salon.address },
    { description: messages.home.reminderDescription.replace('{service}', input.service).replace('{employee}', input.employee) },
    { sequence: input.sequence },
  );
  const attachment: EmailAttachment | null = reminder
    ? { filename: reminder.filename, content: reminder.ics, contentType: 'text/calendar; charset=utf-8' }
    : null;
  const rendered = renderEmail(emailText('movedSubject', values), input.salon, [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('movedIntro', values) },
    { kind: 'p', text: emailText('movedBefore', values) },
    { kind: 'p', text: emailText('movedAfter', values) },
    ...(attachment ? [{ kind: 'p' as const, text: emailText('movedAttachment', values) }] : []),
    { kind: 'p', text: emailText('confirmClosing', values) },
  ]);
  return { ...rendered, attachments: attachment ? [attachment] : [] };
}
