import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditClientInformation } from '@/components/clients/edit-information';
import { clientEmailOf } from '@/components/clients/paths';
import { ClientNotFound } from '@/components/clients/with-client';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('clients');
  return { title: t('editInformation') };
}

type Props = { params: Promise<{ clientId: string }> };

/** Editar información of a client (`/clients/{email}/edit/information`, spec sections 2 and 5). */
export default async function ClientInformationPage({ params }: Props) {
  const email = await clientEmailOf(params);
  return email ? <EditClientInformation email={email} /> : <ClientNotFound />;
}
