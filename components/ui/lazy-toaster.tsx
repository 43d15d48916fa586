'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';

/**
 * sonner's Toaster, loaded after hydration instead of with every page (first-load JS budget): toasts
 * follow a user action or a push, never the first paint. Takes the Toaster's props.
 */
const Toaster = dynamic(() => import('sonner').then((m) => m.Toaster), { ssr: false });

export function LazyToaster(props: ComponentProps<typeof import('sonner').Toaster>) {
  return <Toaster {...props} />;
}
