import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmployeeDetail } from '@/components/employees/employee-detail';
import { EmployeeNotFound } from '@/components/employees/with-employee';
import { employeeEmailOf } from '@/components/employees/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('title') };
}

type Props = { params: Promise<{ employeeId: string }> };

/** A stylist (`/employees/{email}`, spec section 2): tabs Horario, Servicios and Información. */
export default async function EmployeePage({ params }: Props) {
  const email = await employeeEmailOf(params);
  return email ? <EmployeeDetail email={email} /> : <EmployeeNotFound />;
}
