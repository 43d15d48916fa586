'use client';

import { useCallback, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ChevronLeftIcon } from '@/components/ui/icons';

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
 * Goes back to the previous page (the agenda, the list, the detail: wherever the user came from) when
 * there is one in this app, else to `fallback`.
 */
export function useBack(fallback: string): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (hasInAppHistory()) router.back();
    else router.replace(fallback);
  }, [router, fallback]);
}

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  avatar?: ReactNode;
  /** Where the back arrow leads when there is no previous page in this app. */
  backHref: string;
};

/** The page header (spec section 2, "Common shell"): back arrow, optional avatar, title and description. */
export function PageHeader({ title, description, avatar, backHref }: PageHeaderProps) {
  const t = useTranslations('common');
  const back = useBack(backHref);
  return (
    <header className="page-header">
      <button type="button" className="icon-btn" aria-label={t('back')} onClick={back}>
        <ChevronLeftIcon size={24} />
      </button>
      {avatar}
      <div className="page-header-text">
        <h1 className="page-header-title">{title}</h1>
        {description ? <p className="page-header-description">{description}</p> : null}
      </div>
    </header>
  );
}
