'use client';

import dynamic from 'next/dynamic';

/**
 * PushRegistration (./push-registration) loaded after hydration: it renders nothing and only acts in an effect,
 * so its code (and the registration helpers) need not be in the page's first-load JavaScript.
 * Same props.
 */
export const LazyPushRegistration = dynamic(() => import('./push-registration').then((m) => m.PushRegistration), { ssr: false });
