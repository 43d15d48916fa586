import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { API_BASE_URL } from '@/lib/api-client/fetcher';
import { getTranslations } from 'next-intl/server';
import { GoogleIcon } from '@/components/login/google-icon';
import { currentBrand } from '@/lib/server/services/salon-brand';
import { currentTenant } from '@/lib/server/tenancy';

/** The browser leaves for the identity provider through the API (spec section 7). */
const GOOGLE_LOGIN_PATH = `${API_BASE_URL}/api/v1/auth/google`;

export async function generateMetadata(): Promise<Metadata> {
  const tenant = await currentTenant();
  const t = await getTranslations('login');
  return { title: tenant ? `${tenant.name} · ${t('signIn')}` : 'Klok' };
}

/**
 * Login (spec section 2): tenant heading and logo, tagline and the Google sign-in link. A host that names
 * no known business answers HTTP 404 with No se ha encontrado el negocio (login/not-found.tsx); visitors of
 * its other pages are sent here by the middleware.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  const [tenant, brand] = await Promise.all([currentTenant(), currentBrand()]);
  if (!tenant || !brand) notFound();
  const t = await getTranslations('login');
  const { error } = await searchParams;

  return (
    <div className="login">
      {/* eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN */}
      <img className="login-logo" src={brand.logo} alt="" width={112} height={112} />
      <h1 className="login-title">{tenant.name}</h1>
      <p className="login-tagline">{t('tagline')}</p>
      {error === '1' && (
        <p className="form-error" role="alert">
          {t('failed')}
        </p>
      )}
      <a className="btn btn-google btn-block" href={GOOGLE_LOGIN_PATH}>
        <GoogleIcon />
        <span>{t('signIn')}</span>
      </a>
    </div>
  );
}
