/** The invitation of a client that staff added by e-mail (spec section 2 "Añadir cliente"). */
import 'server-only';
import { emailText } from '@/lib/server/messages';
import { greeting, renderEmail, type RenderedEmail, type Salon } from './layout';

export type ClientInvitationInput = {
  salon: Salon;
  email: string;
  /** The public origin of the tenant's host, e.g. `https://klok.example.com`. */
  origin: string;
};

/** `{salon} te invita a pedir tus citas online`, with the sign-in link `{origin}/login` of the tenant's host. */
export function clientInvitationEmail(input: ClientInvitationInput): RenderedEmail {
  const values = { facility: input.salon.name, email: input.email, link: `${input.origin.replace(/\/$/, '')}/login` };
  return renderEmail(emailText('inviteSubject', values), input.salon, [
    { kind: 'p', text: greeting(null) },
    { kind: 'p', text: emailText('inviteIntro', values) },
    { kind: 'p', text: emailText('inviteSignIn', values) },
    { kind: 'link', label: emailText('inviteButton', values), href: values.link },
    { kind: 'p', text: emailText('inviteIgnore', values) },
  ]);
}
