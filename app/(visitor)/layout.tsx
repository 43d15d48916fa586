import type { ReactNode } from 'react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getSession } from '@/lib/server/auth/session';
import { currentBrand } from '@/lib/server/services/salon-brand';

/**
 * The shell of `/reservar` (beyond-the-spec section 1), open to visitors: the salon's logo and name, and a
 * way to sign in ("Iniciar sesión"), or back to Mis citas for a signed-in client finishing a held booking.
 */
export default async function VisitorLayout({ children }: { children: ReactNode }) {
  const [{ tenant, user }, brand] = await Promise.all([getSession(), currentBrand()]);
  if (!tenant || !brand) notFound();
  const t = await getTranslations();
  return (
    <div className="shell">
      <header className="app-header visitor-header">
        {/* eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN */}
        <img className="visitor-logo" src={brand.logo} alt="" width={32} height={32} />
        <span className="app-title">{brand.name}</span>
        <div className="header-right">
          {user ? (
            <Link href="/" className="visitor-link">
              {t('home.title')}
            </Link>
          ) : (
            <Link href="/login" className="visitor-link">
              {t('login.signIn')}
            </Link>
          )}
        </div>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
