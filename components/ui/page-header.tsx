'use client';

import { useCallback, type ReactNode } from 'react';
import { useAppRouter } from '@/components/ui/use-app-router';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon } from './icons';

/**
 * True when the previous history entry is a page of this app: the tab has history, and either this
 * page was reached by in-app navigation, or it was loaded from a same-origin page (a link or reload).
 * A page opened directly (new tab, bookmark, another site) has no in-app previous page.
 */
function hasInAppHistory(): boolean {
  if (window.history.length <= 1) return false;
  const landing = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const landedHere = landing ? new URL(landing.name).pathname === window.location.pathname : false;
  if (!landedHere) return true;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Goes back to the previous page (the agenda, a list, a detail: wherever the user came from) when there
 * is one in this app, else to `fallbackHref` (replacing the current entry).
 */
export function useBack(fallbackHref: string): () => void {
  const router = useAppRouter();
  return useCallback(() => {
    if (hasInAppHistory()) router.back();
    else router.replace(fallbackHref);
  }, [router, fallbackHref]);
}

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  avatar?: ReactNode;
  /**
   * Shows the back arrow (Volver), which goes to the previous page of this app, or here when there is
   * none. A top-level screen (a list) has no back arrow.
   */
  fallbackHref?: string;
  /** An action at the right (e.g. Nuevo Servicio). */
  action?: ReactNode;
};

/**
 * The page header (spec section 2, "Common shell"): back arrow, optional avatar, title and description,
 * and an optional action.
 */
export function PageHeader({ title, description, avatar, fallbackHref, action }: PageHeaderProps) {
  return (
    <header className="page-header">
      {fallbackHref !== undefined && <BackButton fallbackHref={fallbackHref} />}
      {avatar}
      <div className="page-header-text">
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-header-description">{description}</p> : null}
      </div>
      {action ? <div className="page-header-action">{action}</div> : null}
    </header>
  );
}

function BackButton({ fallbackHref }: { fallbackHref: string }) {
  const t = useTranslations('common');
  const back = useBack(fallbackHref);
  return (
    <button type="button" className="icon-btn page-header-back" aria-label={t('back')} onClick={back}>
      <ChevronLeftIcon size={24} />
    </button>
  );
}
