'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useSelectedLayoutSegments } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SideMenu, type MenuItem } from '@/components/shell/side-menu';
import { CalendarIcon, MenuIcon } from '@/components/ui/icons';
import { ActivityIcon, ClientsIcon, ScissorsIcon, TeamIcon } from './icons';
import './staff-shell.css';

/**
 * The staff shell (spec section 2, "Common shell"): the facility name as title (to `/`, replacing
 * history), the menu button opening the Menú panel with Agenda, Empleados, Servicios, Clientes,
 * Actividad and Cerrar sesión at the bottom. The agenda gets the full width and height.
 */
export function StaffShell({ title, children }: { title: string; children: ReactNode }) {
  const t = useTranslations('agenda.menu');
  const tc = useTranslations('common');
  const [menuOpen, setMenuOpen] = useState(false);
  // Segments under app/(staff): ['staff'] on the agenda, ['staff', 'employees', …] elsewhere.
  const segments = useSelectedLayoutSegments();
  const section = segments[1] ?? '';

  const items: MenuItem[] = [
    { href: '/', label: t('agenda'), icon: <CalendarIcon />, current: section === '' },
    { href: '/employees', label: t('employees'), icon: <TeamIcon />, current: section === 'employees' },
    { href: '/services', label: t('services'), icon: <ScissorsIcon />, current: section === 'services' },
    { href: '/clients', label: t('clients'), icon: <ClientsIcon />, current: section === 'clients' },
    { href: '/activities', label: t('activities'), icon: <ActivityIcon />, current: section === 'activities' },
  ];

  return (
    <div className="shell staff-shell">
      <header className="app-header">
        <button
          type="button"
          className="icon-btn"
          aria-label={tc('menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link href="/" replace className="app-title">
          {title}
        </Link>
        <div className="header-right" />
      </header>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} items={items} />
      <main className={section === '' ? 'app-main staff-main staff-main--agenda' : 'app-main staff-main'}>{children}</main>
    </div>
  );
}
