/** The e-mail to a client whose appointment the salon cancelled (decisions "Cancellation"; never for the guest). */
import 'server-only';
import { emailText } from '@/lib/server/messages';
import { greeting, renderEmail, whenOf, type Block, type RenderedEmail, type Salon } from './layout';

export type AppointmentCancelledInput = {
  salon: Salon;
  /** The name on the appointment (the person served). */
  clientName: string;
  service: string;
  employee: string;
  start: number | string | Date;
  /** The reason staff gave, if any. */
  reason: string | null | undefined;
  /** The public origin of the salon's host (e.g. `https://klok.example.com`): the e-mail links to its booking page. */
  origin?: string | null;
};

/** The client's booking wizard, below the salon's origin. */
export const BOOKING_PATH = '/client/new/appointment';

/**
 * `Tu cita en {salon} ha sido cancelada`, with the service, stylist, Madrid date and time, the reason when
 * given, and a link to book again at `{origin}/client/new/appointment` when the origin is known.
 */
export function appointmentCancelledEmail(input: AppointmentCancelledInput): RenderedEmail {
  const values = { facility: input.salon.name, service: input.service, employee: input.employee, when: whenOf(input.start) };
  const reason = input.reason?.trim();
  const blocks: Block[] = [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('cancelIntro', values) },
    ...(reason ? [{ kind: 'p' as const, text: emailText('cancelReason', { notes: reason }) }] : []),
    ...(input.origin
      ? [
          { kind: 'p' as const, text: emailText('cancelClosingLink', values) },
          { kind: 'link' as const, label: emailText('cancelBookButton', values), href: `${input.origin.replace(/\/$/, '')}${BOOKING_PATH}` },
        ]
      : [{ kind: 'p' as const, text: emailText('cancelClosing', values) }]),
  ];
  return renderEmail(emailText('cancelSubject', values), input.salon, blocks);
}
