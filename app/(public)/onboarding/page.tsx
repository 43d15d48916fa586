import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TenantNotFound } from '@/components/login/tenant-not-found';
import { dialPrefix } from '@/components/onboarding/countries';
import { OnboardingForm } from '@/components/onboarding/onboarding-form';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { cleanPhone } from '@/lib/domain/phone';
import { getSession } from '@/lib/server/auth/session';
import { env } from '@/lib/server/env';
import { getUserDto } from '@/lib/server/repositories/users';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onboarding');
  return { title: t('title') };
}

/** Onboarding (spec section 2): only for a signed-in client who has not finished it yet. */
export default async function OnboardingPage() {
  const { tenant, user } = await getSession();
  if (!tenant) return <TenantNotFound />;
  if (!user) redirect('/login');
  if (user.role !== 'client') redirect('/');
  const account = await getUserDto(tenant.id, user.email);
  if (account?.onboarding_completed) redirect('/');

  // First word of the name → Nombre, the rest → Apellido.
  const [firstName = '', ...rest] = (account?.name ?? user.name).trim().split(/\s+/);
  return (
    <>
      <InitiatorRole role={user.role} />
      <OnboardingForm
        email={user.email}
        firstName={firstName}
        surname={rest.join(' ')}
        initialPhone={cleanPhone(account?.tlf ?? '') || dialPrefix()}
        supportEmail={env().SUPPORT_EMAIL}
      />
    </>
  );
}
