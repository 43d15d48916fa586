'use client';

import { Suspense, useEffect, useRef, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { NAVIGATION_START_EVENT } from './use-app-router';

/** How long a navigation may take before the bar shows (ms): fast navigations never flash it. */
export const PROGRESS_DELAY_MS = 300;
/** A navigation that has not arrived after this long (ms) is given up on, so the bar never stays forever. */
const PROGRESS_GIVE_UP_MS = 20_000;

/** The internal URL a click on `target` navigates to in this tab, or null (new tab, download, other site…). */
function navigationOf(event: MouseEvent): URL | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const to = new URL(anchor.href, location.href);
  if (to.origin !== location.origin) return null;
  if (to.pathname === location.pathname && to.search === location.search) return null;
  return to;
}

function Bar() {
  const t = useTranslations('common');
  const url = `${usePathname()}?${useSearchParams().toString()}`;
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);

  const clear = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
  };

  // The navigation has arrived when the URL changed: the bar goes and its pending timers with it.
  const [arrived, setArrived] = useState(url);
  if (arrived !== url) {
    setArrived(url);
    setVisible(false);
  }
  useEffect(() => clear, [url]);

  // A click on an internal link (next/link) or a push/replace of the app router (useAppRouter) starts a
  // client-side navigation; the bar shows once it has been pending PROGRESS_DELAY_MS. Capture phase:
  // next/link cancels the click's default before it bubbles.
  useEffect(() => {
    const start = () => {
      clear();
      timers.current = [
        window.setTimeout(() => setVisible(true), PROGRESS_DELAY_MS),
        window.setTimeout(() => setVisible(false), PROGRESS_GIVE_UP_MS),
      ];
    };
    const onClick = (event: MouseEvent) => {
      if (navigationOf(event)) start();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener(NAVIGATION_START_EVENT, start);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener(NAVIGATION_START_EVENT, start);
      clear();
    };
  }, []);

  return visible ? <div className="nav-progress" role="progressbar" aria-label={t('loading')} /> : null;
}

/**
 * A thin bar at the top of the window while a client-side navigation (a click on a link, or a push or
 * replace of `useAppRouter`) has been pending for more than PROGRESS_DELAY_MS; it goes when the new page's
 * URL is in place. Renders nothing otherwise.
 */
export function NavigationProgress() {
  return (
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  );
}
