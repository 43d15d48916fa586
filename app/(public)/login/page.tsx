import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { API_BASE_URL } from '@/lib/api-client/fetcher';
import { getTranslations } from 'next-intl/server';
import { EmailLinkForm } from '@/components/login/email-link-form';
import { GoogleIcon } from '@/components/login/google-icon';
import { safeNextPath } from '@/lib/domain/next-path';
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
 * Login (spec section 2): tenant heading and logo, tagline, the Google sign-in link, "Ver horarios y reservar"
 * (the booking open to visitors, `/reservar`) and, below them, "Recibir un enlace por correo" (beyond-the-spec §1). `?error=1` shows the sign-in failure, `?error=link`
 * the expired or used link; `?next=` (a same-origin path, else ignored) is where either sign-in returns. A host that names
 * no known business answers HTTP 404 with No se ha encontrado el negocio (login/not-found.tsx); visitors of
 * its other pages are sent here by the middleware.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[]; next?: string | string[] }> }) {
  const [tenant, brand] = await Promise.all([currentTenant(), currentBrand()]);
  if (!tenant || !brand) notFound();
  const t = await getTranslations('login');
  const { error, next } = await searchParams;
  const nextPath = safeNextPath(next) ?? undefined;

  return (
    <div className="login">
      {/* eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN */}
      <img className="login-logo" src={brand.logo} alt="" width={112} height={112} />
      <h1 className="login-title">{tenant.name}</h1>
      <p className="login-tagline">{t('tagline')}</p>
      {(error === '1' || error === 'link') && (
        <p className="form-error" role="alert">
          {error === 'link' ? t('linkFailed') : t('failed')}
        </p>
      )}
      <a className="btn btn-google btn-block" href={nextPath ? `${GOOGLE_LOGIN_PATH}?next=${encodeURIComponent(nextPath)}` : GOOGLE_LOGIN_PATH}>
        <GoogleIcon />
        <span>{t('signIn')}</span>
      </a>
      <Link className="btn btn-secondary btn-block" href="/reservar">
        {t('browse')}
      </Link>
      <p className="login-divider" aria-hidden="true">
        <span>{t('or')}</span>
      </p>
      <EmailLinkForm next={nextPath} />
    </div>
  );
}
