import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ServiceEmployeesScreen } from '@/components/services/service-employees';
import { parseServiceId } from '@/components/services/service-id';
import { ServiceNotFound } from '@/components/services/service-not-found';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('services');
  return { title: t('manageEmployees') };
}

/** Gestionar asignaciones of a service (`/services/{serviceId}/edit/employees`, spec section 2). */
export default async function ServiceEmployeesPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const id = parseServiceId((await params).serviceId);
  return id === null ? <ServiceNotFound /> : <ServiceEmployeesScreen id={id} />;
}
