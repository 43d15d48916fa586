import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditServices } from '@/components/employees/edit-services';
import { EmployeeNotFound } from '@/components/employees/with-employee';
import { employeeEmailOf } from '@/components/employees/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('editServices') };
}

type Props = { params: Promise<{ employeeId: string }> };

/** Gestionar servicios (`/employees/{email}/edit/services`, spec section 2). */
export default async function EmployeeServicesPage({ params }: Props) {
  const email = await employeeEmailOf(params);
  return email ? <EditServices email={email} /> : <EmployeeNotFound />;
}
