import type { Metadata } from 'next';
import { redirect, notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { OnboardingForm } from '@/components/onboarding/onboarding-form';
import { countryNameList } from '@/components/onboarding/countries';
import { splitName } from '@/components/onboarding/split-name';
import { InitiatorRole } from '@/components/shell/initiator-role';
import { safeNextPath } from '@/lib/domain/next-path';
import { phoneFromInput } from '@/lib/domain/phone';
import { rememberedNameParts } from '@/lib/server/auth/oidc';
import { getSession } from '@/lib/server/auth/session';
import { serverNow } from '@/lib/server/clock';
import { env } from '@/lib/server/env';
import { getUserDto } from '@/lib/server/services/get-user';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('onboarding');
  return { title: t('title') };
}

/**
 * Onboarding (spec section 2): only for a signed-in client who has not finished it yet. `?next=` (a
 * same-origin path, else ignored) is where it goes once finished: the booking a visitor held (`/reservar/confirmar?hold=`).
 */
export default async function OnboardingPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { tenant, user } = await getSession();
  // An unknown business answers 404 with the root not-found page ("No se ha encontrado el negocio").
  if (!tenant) notFound();
  if (!user) redirect('/login');
  if (user.role !== 'client') redirect('/');
  const account = await getUserDto(tenant.id, user.email, serverNow());
  const next = safeNextPath((await searchParams).next) ?? undefined;
  if (account?.onboarding_completed) redirect(next ?? '/');

  // Nombre / Apellido: split where the provider's family name begins (remembered at sign-in), else first word / rest.
  const { firstName, surname } = splitName(account?.name ?? user.name, await rememberedNameParts());
  return (
    <>
      <InitiatorRole role={user.role} />
      <OnboardingForm
        email={user.email}
        firstName={firstName}
        surname={surname}
        initialPhone={phoneFromInput(account?.tlf ?? '') ?? ''}
        supportEmail={env().SUPPORT_EMAIL}
        firebase={firebaseConfig()}
        phoneCountries={tenant.phoneCountries}
        phoneCountryNames={countryNameList(tenant.phoneCountries)}
        next={next}
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
