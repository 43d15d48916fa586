/**
 * The waitlist's offer e-mail (beyond-the-spec section 4): "Se ha liberado un hueco" with the action link
 * "Reservar este hueco" and until when it is the client's to take.
 */
import 'server-only';
import { timeOf } from '@/lib/format';
import { emailText } from '@/lib/server/messages';
import { greeting, renderEmail, whenOf, type RenderedEmail, type Salon } from './layout';

export type WaitlistOfferInput = {
  salon: Salon;
  /** The person waiting. */
  clientName: string;
  /** The visit's services, comma-separated. */
  service: string;
  /** The stylist's name, or null for "Cualquier estilista". */
  employee: string | null;
  start: number | string | Date;
  /** The claim link `/c/{token}`. */
  link: string;
  /** When the offer lapses (epoch ms). */
  expiresAt: number;
  /** Whether others got the same offer at once (first claim wins). */
  shared: boolean;
};

/** `Se ha liberado un hueco en {salon}`: the hour, the link to book it and the deadline. */
export function waitlistOfferEmail(input: WaitlistOfferInput): RenderedEmail {
  const values = {
    facility: input.salon.name,
    service: input.service,
    employee: input.employee ?? emailText('offerAnyStylist', {}),
    when: whenOf(input.start),
    time: timeOf(input.expiresAt),
  };
  return renderEmail(emailText('offerSubject', values), input.salon, [
    { kind: 'p', text: greeting(input.clientName) },
    { kind: 'p', text: emailText('offerIntro', values) },
    { kind: 'link', label: emailText('offerButton', values), href: input.link },
    { kind: 'p', text: emailText('offerDeadline', values) },
    ...(input.shared ? [{ kind: 'p' as const, text: emailText('offerShared', values) }] : []),
  ]);
}
