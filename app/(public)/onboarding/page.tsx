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
        firebase={firebaseConfig()}
      />
    </>
  );
}

/** The public Firebase web config when phones are verified by Firebase; null otherwise. */
function firebaseConfig() {
  const e = env();
  if (e.PHONE_PROVIDER !== 'firebase' || !e.FIREBASE_API_KEY || !e.FIREBASE_PROJECT_ID) return null;
  return {
    apiKey: e.FIREBASE_API_KEY,
    authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: e.FIREBASE_PROJECT_ID,
  };
}
