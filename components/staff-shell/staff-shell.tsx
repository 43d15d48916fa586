'use client';

import type { ReactNode } from 'react';
import { useSelectedLayoutSegments } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { AppShell } from '@/components/shell/app-shell';
import type { MenuBadge, MenuItem } from '@/components/shell/side-menu';
import { ActivityIcon, CalendarIcon, ChartIcon, ChatIcon, ClientsIcon, HourglassIcon, ScissorsIcon, TeamIcon } from '@/components/ui/icons';
import { useUnseenActivities } from '@/lib/api-client/activities';
import './staff-shell.css';

/**
 * The staff shell (spec section 2, "Common shell"): the facility name as title (to `/`, replacing
 * history), the menu button opening the Menú panel with Agenda, Empleados, Servicios, Clientes,
 * Actividad, Resumen, Lista de espera, Recordatorios and Cerrar sesión at the bottom. The agenda gets the full width and height.
 * The staff member's count of new activity shows on the Actividad entry and on the menu button.
 */
export function StaffShell({ title, children }: { title: string; children: ReactNode }) {
  const t = useTranslations('agenda.menu');
  // Segments under app/(staff): ['staff'] on the agenda, ['staff', 'employees', …] elsewhere.
  const segments = useSelectedLayoutSegments();
  const section = segments[1] ?? '';
  const tw = useTranslations('staffWizard');
  // The wizards name their flow in the header: /new/appointment → Nueva cita, /new/leave → Bloquear franja.
  const wizardTitle = section === 'new' ? (segments[2] === 'leave' ? tw('titleLeave') : tw('titleAppointment')) : null;
  // The staff member's new activity: on the Actividad entry and on the menu button.
  const ta = useTranslations('activities');
  const twait = useTranslations('staffWaitlist');
  const trem = useTranslations('reminders');
  const tsum = useTranslations('summary');
  const { data: unseen = 0 } = useUnseenActivities();
  const badge: MenuBadge | undefined = unseen > 0 ? { count: unseen, label: ta('unseenLabel', { count: unseen }) } : undefined;

  const items: MenuItem[] = [
    { href: '/', label: t('agenda'), icon: <CalendarIcon />, current: section === '' },
    { href: '/employees', label: t('employees'), icon: <TeamIcon />, current: section === 'employees' },
    { href: '/services', label: t('services'), icon: <ScissorsIcon />, current: section === 'services' },
    { href: '/clients', label: t('clients'), icon: <ClientsIcon />, current: section === 'clients' },
    { href: '/activities', label: t('activities'), icon: <ActivityIcon />, current: section === 'activities', badge },
    { href: '/summary', label: tsum('menu'), icon: <ChartIcon />, current: section === 'summary' },
    { href: '/waitlist', label: twait('menu'), icon: <HourglassIcon />, current: section === 'waitlist' },
    { href: '/reminders', label: trem('menu'), icon: <ChatIcon />, current: section === 'reminders' },
  ];

  return (
    <AppShell
      title={wizardTitle ?? title}
      menuItems={items}
      menuBadge={badge}
      className="staff-shell"
      mainClassName={section === '' ? 'staff-main staff-main--agenda' : 'staff-main'}
    >
      {children}
    </AppShell>
  );
}
