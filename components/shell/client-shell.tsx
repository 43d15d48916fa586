'use client';

import type { ReactNode } from 'react';
import { useSelectedLayoutSegments } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CalendarIcon, SocialIcon } from '@/components/ui/icons';
import { useFacility } from '@/lib/api-client/hooks';
import { AppShell } from './app-shell';
import type { MenuItem } from './side-menu';

/**
 * The client's shell: title Mis citas (Nueva cita in the wizard); menu Mis citas and the facility
 * name linking to its social profile (spec section 2, "Client home").
 */
export function ClientShell({ children }: { children: ReactNode }) {
  const t = useTranslations();
  const { data: facility } = useFacility();
  // Segments under app/(client): ['client'] on the home, ['client', 'new', 'appointment'] in the wizard.
  const segments = useSelectedLayoutSegments();
  const inWizard = segments.includes('new');

  const items: MenuItem[] = [{ href: '/', label: t('home.title'), icon: <CalendarIcon />, current: !inWizard }];
  if (facility?.config.instagram) {
    items.push({
      href: `https://instagram.com/${encodeURIComponent(facility.config.instagram.replace(/^@/, ''))}`,
      label: facility.name,
      icon: <SocialIcon />,
      external: true,
    });
  }

  return (
    <AppShell title={inWizard ? t('booking.title') : t('home.title')} menuItems={items}>
      {children}
    </AppShell>
  );
}
