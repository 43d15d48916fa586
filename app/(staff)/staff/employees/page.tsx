import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmployeeList } from '@/components/employees/employee-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('title') };
}

/** Empleados (`/employees`, spec section 2): the stylists with today's hours. */
export default function EmployeesPage() {
  return <EmployeeList />;
}
