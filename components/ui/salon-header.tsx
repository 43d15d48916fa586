import type { ReactNode } from 'react';
import type { SalonBrand } from '@/lib/server/services/salon-brand';

/**
 * The header of the pages a salon's clients reach from a link, without the app's menu (`/reservar`, action
 * links): the salon's logo and name, and `children` on the right (a sign-in or back link), if any.
 */
export function SalonHeader({ brand, children }: { brand: SalonBrand; children?: ReactNode }) {
  return (
    <header className="app-header visitor-header">
      {/* eslint-disable-next-line @next/next/no-img-element -- tenant assets may live on a CDN */}
      <img className="visitor-logo" src={brand.logo} alt="" width={32} height={32} />
      <span className="app-title">{brand.name}</span>
      {children ? <div className="header-right">{children}</div> : null}
    </header>
  );
}
