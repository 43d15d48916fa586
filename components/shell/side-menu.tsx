'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';
import { LogoutIcon } from '@/components/ui/icons';
import { logout } from './logout';
import { useGuardedClick } from './leave-guard';
import { badgeText, type MenuBadge } from './menu-badge';

export type MenuItem = {
  href: string;
  label: string;
  icon?: ReactNode;
  /** Opens in a new tab (social profile). */
  external?: boolean;
  current?: boolean;
  /** A count at the end of the entry (e.g. new activity); hidden when 0; shown as 99+ above 99. */
  badge?: MenuBadge;
};

export { badgeText, type MenuBadge } from './menu-badge';

/**
 * The left slide-in panel Menú: the role's entries, and Cerrar sesión at the bottom. An entry asks the page's
 * leave guard first (a wizard with choices asks ¿Salir sin guardar?).
 */
export function SideMenu({ open, onClose, items }: { open: boolean; onClose: () => void; items: MenuItem[] }) {
  const t = useTranslations('common');
  const [leaving, setLeaving] = useState(false);
  const guarded = useGuardedClick();
  return (
    <Dialog open={open} onClose={onClose} title={t('menu')} variant="left">
      <nav className="side-menu" aria-label={t('menu')}>
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              {item.external ? (
                <a href={item.href} target="_blank" rel="noopener noreferrer" className="menu-item" onClick={onClose}>
                  {item.icon}
                  <span>{item.label}</span>
                </a>
              ) : (
                <Link
                  href={item.href}
                  className="menu-item"
                  aria-current={item.current ? 'page' : undefined}
                  onClick={(e) => {
                    onClose();
                    guarded(e, item.href);
                  }}
                >
                  {item.icon}
                  <span>{item.label}</span>
                  {item.badge && item.badge.count > 0 ? (
                    <span className="menu-badge">
                      <span aria-hidden="true">{badgeText(item.badge.count)}</span>
                      <span className="sr-only">{`, ${item.badge.label}`}</span>
                    </span>
                  ) : null}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="menu-item menu-logout"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            await logout(t('genericError'));
            setLeaving(false);
          }}
        >
          <LogoutIcon />
          <span>{t('logout')}</span>
        </button>
      </nav>
    </Dialog>
  );
}
