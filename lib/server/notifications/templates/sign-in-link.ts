/** The single-use sign-in link (beyond-the-spec §1 "Recibir un enlace por correo"). */
import 'server-only';
import { emailText } from '@/lib/server/messages';
import { greeting, renderEmail, type RenderedEmail, type Salon } from './layout';

export type SignInLinkInput = {
  salon: Salon;
  /** The address the link was asked for (shown so the reader knows which account it opens). */
  email: string;
  /** The full link, `{origin}/api/v1/auth/email-link/callback?token=…`. */
  link: string;
  /** Minutes the link stays valid. */
  minutes: number;
};

/** `Tu enlace para entrar en {salon}`: the button to sign in, how long it lasts, and what to do if unasked. */
export function signInLinkEmail(input: SignInLinkInput): RenderedEmail {
  const values = { facility: input.salon.name, email: input.email, minutes: String(input.minutes) };
  return renderEmail(emailText('linkSubject', values), input.salon, [
    { kind: 'p', text: greeting(null) },
    { kind: 'p', text: emailText('linkIntro', values) },
    { kind: 'link', label: emailText('linkButton', values), href: input.link },
    { kind: 'p', text: emailText('linkValidity', values) },
    { kind: 'p', text: emailText('linkIgnore', values) },
  ]);
}
