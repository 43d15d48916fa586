import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { ClientShell } from '@/components/shell/client-shell';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { getSession } from '@/lib/server/auth/session';

/** The client route set (spec section 2): signed-in clients only, inside the client shell. */
export default async function ClientLayout({ children }: { children: ReactNode }) {
  const { user } = await getSession();
  if (!user) redirect('/login');
  if (user.role !== 'client') redirect('/');
  return (
    <>
      <InitiatorRole role="client" />
      <ClientShell>{children}</ClientShell>
    </>
  );
}
