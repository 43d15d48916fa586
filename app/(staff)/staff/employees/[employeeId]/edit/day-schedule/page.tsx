import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SpecialSchedules } from '@/components/employees/special-schedules';
import { EmployeeNotFound } from '@/components/employees/with-employee';
import { employeeEmailOf } from '@/components/employees/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('specialSchedules') };
}

type Props = { params: Promise<{ employeeId: string }> };

/** Horarios especiales (`/employees/{email}/edit/day-schedule`, spec section 2). */
export default async function DaySchedulePage({ params }: Props) {
  const email = await employeeEmailOf(params);
  return email ? <SpecialSchedules email={email} /> : <EmployeeNotFound />;
}
