'use client';

import { useMemo } from 'react';
import { useRouter } from 'next/navigation';

/** The window event a navigation started in code sends to the progress bar (navigation-progress.tsx). */
export const NAVIGATION_START_EVENT = 'klok:navigation-start';

/**
 * The app router (Next's `useRouter`) whose `push` and `replace` also start the navigation progress bar,
 * as a click on a link does: the one way components navigate in code.
 */
export function useAppRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  return useMemo(() => {
    const started = () => window.dispatchEvent(new Event(NAVIGATION_START_EVENT));
    return {
      ...router,
      push: (href, options) => {
        started();
        router.push(href, options);
      },
      replace: (href, options) => {
        started();
        router.replace(href, options);
      },
    };
  }, [router]);
}
