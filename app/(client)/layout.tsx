import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { SWRConfig } from 'swr';
import { ClientShell } from '@/components/shell/client-shell';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { apiPaths, FACILITY_ID } from '@/lib/api-client/paths';
import { getSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { getFacility } from '@/lib/server/repositories/facility';

/**
 * The client route set (spec section 2): signed-in clients only, inside the client shell. The facility (the
 * shell's menu, the home's facility card) is read here through the server layer and handed to SWR as the
 * `fallback` of its key, so the first view needs no client-side fetch; SWR revalidates it after.
 */
export default async function ClientLayout({ children }: { children: ReactNode }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  if (user.role !== 'client') redirect('/');
  const facility = await getFacility(await getDb(), tenant, FACILITY_ID);
  return (
    <SWRConfig value={{ fallback: facility ? { [apiPaths.facility()]: facility } : {} }}>
      <InitiatorRole role="client" />
      <ClientShell>{children}</ClientShell>
    </SWRConfig>
  );
}
