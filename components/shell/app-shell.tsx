'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/ui/icons';
import { LeaveGuardProvider, useGuardedClick } from './leave-guard';
import { badgeText, type MenuBadge } from './menu-badge';
import type { MenuItem } from './side-menu';

/**
 * The Menú panel loads after hydration, not with the page (first-load JS): it is closed (renders
 * nothing) until the menu button is pressed.
 */
const SideMenu = dynamic(() => import('./side-menu').then((m) => m.SideMenu), { ssr: false });

export type AppShellProps = {
  title: string;
  menuItems: MenuItem[];
  /** Optional icon button at the right of the header. */
  right?: ReactNode;
  /** A count on the menu button (something new inside the menu, e.g. activity); hidden when 0. */
  menuBadge?: MenuBadge;
  /** Extra classes of the shell and of its main area (e.g. the staff agenda's full-bleed layout). */
  className?: string;
  mainClassName?: string;
  children: ReactNode;
};

/**
 * The common shell (spec section 2): a header whose title goes to `/` replacing history, a menu
 * button opening the Menú panel, an optional right button, and the page below. A page with unsaved input
 * (a wizard, components/shell/leave-guard.tsx) is asked before the title or a menu entry leaves it.
 */
export function AppShell(props: AppShellProps) {
  return (
    <LeaveGuardProvider>
      <Shell {...props} />
    </LeaveGuardProvider>
  );
}

function Shell({ title, menuItems, right, menuBadge, className, mainClassName, children }: AppShellProps) {
  const t = useTranslations('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const guarded = useGuardedClick();
  return (
    <div className={className ? `shell ${className}` : 'shell'}>
      <header className="app-header">
        <button
          type="button"
          className="icon-btn menu-btn"
          aria-label={menuBadge && menuBadge.count > 0 ? `${t('menu')}, ${menuBadge.label}` : t('menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
          {menuBadge && menuBadge.count > 0 ? (
            <span className="menu-btn-badge" aria-hidden="true">
              {badgeText(menuBadge.count)}
            </span>
          ) : null}
        </button>
        <Link href="/" replace className="app-title" onClick={(e) => guarded(e, '/')}>
          {title}
        </Link>
        <div className="header-right">{right}</div>
      </header>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} items={menuItems} />
      <main className={mainClassName ? `app-main ${mainClassName}` : 'app-main'}>{children}</main>
    </div>
  );
}
