'use client';

import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Reports the current URL (path and query) to `onUrl` after every render that shows a new one. Its own
 * Suspense boundary: `useSearchParams` needs one.
 */
function UrlWatch({ onUrl }: { onUrl: (url: string) => void }) {
  const url = `${usePathname()}?${useSearchParams().toString()}`;
  useEffect(() => onUrl(url), [url, onUrl]);
  return null;
}

/**
 * A thin bar at the top of the window while a client-side navigation (a click on a link, or a push or
 * replace of `useAppRouter`) has been pending for more than PROGRESS_DELAY_MS; it goes when the new page's
 * URL is in place. Renders nothing otherwise.
 *
 * The listeners live outside any Suspense boundary, so they are in place as soon as the app's shell has
 * hydrated: React hydrates Suspense boundaries later, and a tap on a control of the page may come first.
 */
export function NavigationProgress() {
  const t = useTranslations('common');
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);
  /** The URL (path and query) a pending navigation started from, or null. */
  const from = useRef<string | null>(null);

  const stop = useCallback(() => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
    from.current = null;
    setVisible(false);
  }, []);

  // The navigation has arrived when the URL differs from the one it started from.
  const onUrl = useCallback(
    (url: string) => {
      if (from.current !== null && url !== from.current) stop();
    },
    [stop],
  );

  // A click on an internal link (next/link) or a push/replace of the app router (useAppRouter) starts a
  // client-side navigation; the bar shows once it has been pending PROGRESS_DELAY_MS. Capture phase:
  // next/link cancels the click's default before it bubbles.
  useEffect(() => {
    const start = () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      from.current = `${location.pathname}?${new URLSearchParams(location.search).toString()}`;
      timers.current = [
        window.setTimeout(() => setVisible(true), PROGRESS_DELAY_MS),
        window.setTimeout(stop, PROGRESS_GIVE_UP_MS),
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
      stop();
    };
  }, [stop]);

  return (
    <>
      <Suspense fallback={null}>
        <UrlWatch onUrl={onUrl} />
      </Suspense>
      {visible ? <div className="nav-progress" role="progressbar" aria-label={t('loading')} /> : null}
    </>
  );
}
