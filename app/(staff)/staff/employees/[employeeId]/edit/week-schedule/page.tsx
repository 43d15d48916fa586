import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WeekScheduleEditor } from '@/components/employees/week-schedule-editor';
import { EmployeeNotFound } from '@/components/employees/with-employee';
import { employeeEmailOf } from '@/components/employees/paths';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('employees');
  return { title: t('weekSchedule') };
}

type Props = { params: Promise<{ employeeId: string }> };

/** Horario semanal (`/employees/{email}/edit/week-schedule`, spec section 2). */
export default async function WeekSchedulePage({ params }: Props) {
  const email = await employeeEmailOf(params);
  return email ? <WeekScheduleEditor email={email} /> : <EmployeeNotFound />;
}
