import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { SalonHeader } from '@/components/ui/salon-header';
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
      <SalonHeader brand={brand} />
      <main className="app-main">{children}</main>
    </div>
  );
}
