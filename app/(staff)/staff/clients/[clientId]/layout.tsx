import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { clientEmailOf } from '@/components/clients/paths';
import { getSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { findUserByEmail } from '@/lib/server/repositories/users';

type Props = { children: ReactNode; params: Promise<{ clientId: string }> };

/**
 * Every screen of one client (`/clients/{email}[/edit/…]`): an id that is not an e-mail, an unknown
 * e-mail or a staff member's answers HTTP 404 with Error. No se ha encontrado al cliente
 * (clients/not-found.tsx, inside the staff shell), as the screens themselves decide on the API's answer.
 */
export default async function ClientLayout({ children, params }: Props) {
  const email = await clientEmailOf(params);
  const { tenant } = await getSession();
  const user = email && tenant ? await findUserByEmail(await getDb(), tenant.id, email) : null;
  if (!user || user.role !== 'client') notFound();
  return children;
}
