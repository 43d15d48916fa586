import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { employeeEmailOf } from '@/components/employees/paths';
import { getSession } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { findEmployee } from '@/lib/server/repositories/employees';

type Props = { children: ReactNode; params: Promise<{ employeeId: string }> };

/**
 * Every screen of one stylist (`/employees/{email}[/edit/…]`): an id that is not an e-mail, or no active
 * staff member of the tenant with it, answers HTTP 404 with Error. No se ha encontrado al empleado
 * (employees/not-found.tsx, inside the staff shell).
 */
export default async function EmployeeLayout({ children, params }: Props) {
  const email = await employeeEmailOf(params);
  const { tenant } = await getSession();
  if (!email || !tenant || !(await findEmployee(await getDb(), tenant.id, email))) notFound();
  return children;
}
