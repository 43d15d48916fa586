import type { ReactNode } from 'react';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getSession } from '@/lib/server/auth/session';
import { SalonHeader } from '@/components/ui/salon-header';
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
      <SalonHeader brand={brand}>
        {user ? (
          <Link href="/" className="visitor-link">
            {t('home.title')}
          </Link>
        ) : (
          <Link href="/login" className="visitor-link">
            {t('login.signIn')}
          </Link>
        )}
      </SalonHeader>
      <main className="app-main">{children}</main>
    </div>
  );
}
