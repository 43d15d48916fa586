/**
 * Addresses of the client screens (spec section 2): `/clients/{clientId}[/edit/…]`, where the id is the
 * URL-encoded e-mail (`@` kept readable, as the agenda's Ver perfil link writes it).
 */
import { pathSegment } from '@/components/agenda/paths';
import { emailOfParam } from '@/components/employees/paths';
import { ZEmail } from '@/lib/validation/common';

export type ClientEditor = 'information' | 'users';

/** The list of clients. */
export const CLIENTS_HREF = '/clients';

/** The detail of a client, or one of its editors. */
export function clientHref(email: string, editor?: ClientEditor): string {
  const base = `${CLIENTS_HREF}/${pathSegment(email)}`;
  return editor ? `${base}/edit/${editor}` : base;
}

/** The detail of a client on its Información tab (where the editors are opened from). */
export function clientInfoHref(email: string): string {
  return `${clientHref(email)}?tab=information`;
}

/** The client's e-mail of a route's `clientId` param (the URL-encoded e-mail), or null when it is not one. */
export async function clientEmailOf(params: Promise<{ clientId: string }>): Promise<string | null> {
  const { clientId } = await params;
  const parsed = ZEmail.safeParse(emailOfParam(clientId));
  return parsed.success ? parsed.data : null;
}
