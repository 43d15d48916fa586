import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { currentBrand } from '@/lib/server/services/salon-brand';

/**
 * The shell of action links `/c/{token}` (beyond-the-spec section 3), open to anyone holding a link: the
 * salon's logo and name, nothing else to sign in to.
 */
export default async function ActionLayout({ children }: { children: ReactNode }) {
  const brand = await currentBrand();
  if (!brand) notFound();
  return (
    <div className="shell">
      <header className="app-header visitor-header">
        {/* eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN */}
        <img className="visitor-logo" src={brand.logo} alt="" width={32} height={32} />
        <span className="app-title">{brand.name}</span>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
