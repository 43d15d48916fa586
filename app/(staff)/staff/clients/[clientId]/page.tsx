import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClientDetailScreen } from '@/components/clients/client-detail';
import { clientEmailOf } from '@/components/clients/paths';
import { ClientNotFound } from '@/components/clients/with-client';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('clients');
  return { title: t('title') };
}

type Props = { params: Promise<{ clientId: string }> };

/** A client (`/clients/{email}`, spec section 2): tabs Historial and Información. */
export default async function ClientPage({ params }: Props) {
  const email = await clientEmailOf(params);
  return email ? <ClientDetailScreen email={email} /> : <ClientNotFound />;
}
