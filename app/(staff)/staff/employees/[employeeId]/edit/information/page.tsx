import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditInformation } from '@/components/employees/edit-information';
import { EmployeeNotFound } from '@/components/employees/with-employee';
import { employeeEmailOf } from '@/components/employees/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('editInformation') };
}

type Props = { params: Promise<{ employeeId: string }> };

/** Editar información (`/employees/{email}/edit/information`, spec section 2). */
export default async function EmployeeInformationPage({ params }: Props) {
  const email = await employeeEmailOf(params);
  return email ? <EditInformation email={email} /> : <EmployeeNotFound />;
}
