'use client';

import { useEffect } from 'react';
import { toastMessage } from '@/components/ui/toast';
import {
  browserPushDeps,
  isForegroundPush,
  pushSupported,
  requestPushToken,
  type FirebaseMessagingConfig,
} from '@/lib/push/register';

/** Remembers that this browser already asked `email` (the permission prompt shows on the first visit only). */
const askedKey = (email: string) => `klok.push.asked:${email}`;

/**
 * Registers the push token of the signed-in user: rendered on the client's home and the
 * staff agenda, only when Firebase messaging is configured (`config` non-null). The first visit asks for
 * permission; later visits with permission granted refresh the token silently (sent only when it differs
 * from `stored`). Pushes arriving while the app is visible are shown as a toast. Renders nothing.
 */
export function PushRegistration({
  config,
  email,
  target,
  stored,
}: {
  config: FirebaseMessagingConfig | null;
  email: string;
  target: 'user' | 'employee';
  stored: string | null;
}) {
  useEffect(() => {
    if (!config || !pushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (isForegroundPush(event.data)) toastMessage(event.data.title, event.data.body);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    let asked = false;
    try {
      asked = localStorage.getItem(askedKey(email)) === '1';
    } catch {
      // storage unavailable: ask as on a first visit
    }
    if (Notification.permission === 'granted' || !asked) {
      try {
        localStorage.setItem(askedKey(email), '1');
      } catch {
        // ignore
      }
      void requestPushToken(config, stored, browserPushDeps(target, email));
    }
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [config, email, target, stored]);
  return null;
}
