/** The automatic reminder 24 hours before an appointment (decisions "Messages"; never for guests or cancelled ones). */
import 'server-only';
import { emailText } from '@/lib/server/messages';
import { greeting, renderEmail, whenOf, type RenderedEmail, type Salon } from './layout';

export type AppointmentReminderInput = {
  salon: Salon;
  clientName: string;
  service: string;
  employee: string;
  start: number | string | Date;
  /** The action link of an appointment still waiting for its confirmation (beyond-the-spec section 3). */
  link?: string | null;
};

/** `Recordatorio: tu cita en {salon} el {when}`; with `link`, the request to confirm or cancel through it. */
export function appointmentReminderEmail(input: AppointmentReminderInput): RenderedEmail {
  const values = { facility: input.salon.name, service: input.service, employee: input.employee, when: whenOf(input.start) };
  return renderEmail(emailText('reminderSubject', values), input.salon, [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('reminderIntro', values) },
    ...(input.link
      ? [
          { kind: 'p' as const, text: emailText('reminderConfirm', values) },
          { kind: 'link' as const, label: emailText('requestButton', values), href: input.link },
        ]
      : [{ kind: 'p' as const, text: emailText('reminderClosing', values) }]),
  ]);
}
