/**
 * The e-mails of confirm or release (beyond-the-spec section 3): the confirmation request with its action
 * link, and the notice that an unconfirmed appointment was released at the cut-off. Never for the guest.
 */
import 'server-only';
import { emailText } from '@/lib/server/messages';
import { BOOKING_PATH } from './appointment-cancelled';
import { greeting, renderEmail, whenOf, type Block, type RenderedEmail, type Salon } from './layout';

export type ConfirmationRequestInput = {
  salon: Salon;
  /** The name on the appointment (the person served). */
  clientName: string;
  /** The visit's services, comma-separated, and its stylists. */
  service: string;
  employee: string;
  start: number | string | Date;
  /** The action link `/c/{token}` ("Confirmo" / "No puedo ir"). */
  link: string;
  /** The cut-off (epoch ms) when the appointment is released unconfirmed; null when it only gets a mark. */
  releaseAt: number | null;
};

/**
 * `Confirma tu cita en {salon}`: the appointment, the request to confirm or cancel through the link, and,
 * for a client whose unconfirmed appointment is released, when that happens.
 */
export function confirmationRequestEmail(input: ConfirmationRequestInput): RenderedEmail {
  const values = { facility: input.salon.name, service: input.service, employee: input.employee, when: whenOf(input.start) };
  const blocks: Block[] = [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('requestIntro', values) },
    { kind: 'p', text: emailText('requestAsk', values) },
    { kind: 'link', label: emailText('requestButton', values), href: input.link },
    ...(input.releaseAt !== null ? [{ kind: 'p' as const, text: emailText('requestRelease', { cutoff: whenOf(input.releaseAt) }) }] : []),
  ];
  return renderEmail(emailText('requestSubject', values), input.salon, blocks);
}

export type AppointmentReleasedInput = {
  salon: Salon;
  clientName: string;
  service: string;
  employee: string;
  start: number | string | Date;
  /** The public origin of the salon's host: the e-mail links to its booking page. */
  origin: string;
};

/** `Hemos liberado tu cita en {salon}`: the appointment, why, and a link to book again. */
export function appointmentReleasedEmail(input: AppointmentReleasedInput): RenderedEmail {
  const values = { facility: input.salon.name, service: input.service, employee: input.employee, when: whenOf(input.start) };
  return renderEmail(emailText('releasedSubject', values), input.salon, [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('releasedIntro', values) },
    { kind: 'p', text: emailText('cancelClosingLink', values) },
    { kind: 'link', label: emailText('cancelBookButton', values), href: `${input.origin.replace(/\/$/, '')}${BOOKING_PATH}` },
  ]);
}
