'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon } from '@/components/ui/icons';
import './services.css';

export type PageHeaderProps = {
  title: string;
  /** Where the back arrow goes; no arrow without it. */
  backHref?: string;
  description?: ReactNode;
  /** An action at the right (e.g. Nuevo Servicio). */
  action?: ReactNode;
};

/** The page header of the management screens (spec section 2): back arrow, title, description, action. */
export function PageHeader({ title, backHref, description, action }: PageHeaderProps) {
  const t = useTranslations('services');
  return (
    <header className="svc-page-header">
      {backHref && (
        <Link href={backHref} className="icon-btn svc-back" aria-label={t('back')}>
          <ChevronLeftIcon size={24} />
        </Link>
      )}
      <div className="svc-page-heading">
        <h1 className="page-title">{title}</h1>
        {description && <p className="muted svc-page-description">{description}</p>}
      </div>
      {action && <div className="svc-page-action">{action}</div>}
    </header>
  );
}
