import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { StaffShell } from '@/components/staff-shell/staff-shell';
import { getSession, isStaff } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { getFacility } from '@/lib/server/repositories/facility';

/** The staff route set (spec section 2): signed-in employees and admins only, inside the staff shell. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const { tenant, user } = await getSession();
  if (!tenant || !user) redirect('/login');
  if (!isStaff(user.role)) redirect('/');
  const facility = await getFacility(await getDb(), tenant, 1);
  return (
    <>
      <InitiatorRole role={user.role} />
      <StaffShell title={facility?.name ?? tenant.name}>{children}</StaffShell>
    </>
  );
}
