/**
 * Push token registration in the browser (spec sections 1 and 4). After onboarding (the
 * client's home) and on the agenda (staff), the browser asks for notification permission; when granted it
 * registers the service worker (public/firebase-messaging-sw.js), gets a push token from Firebase Cloud
 * Messaging with the public VAPID key, and stores it with `PATCH /users/{email}` or
 * `PATCH /employees/{email}` (`fcm_token`) only when it differs from the stored one. Denied logs
 * "Permiso de notificaciones denegado." and returns false; any failure returns false.
 * Firebase is loaded (from the `firebase` npm package, never a CDN) only when messaging is configured.
 */

/** The public Firebase web configuration for messaging (none of it is secret). */
export type FirebaseMessagingConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
};

/** The service worker that shows background pushes. */
export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

/** The message logged when the user denies notifications. */
export const PERMISSION_DENIED = 'Permiso de notificaciones denegado.';

/** Whether `token` must be sent to the server: a non-empty token that differs from the stored one. */
export function shouldRegister(stored: string | null | undefined, token: string | null | undefined): token is string {
  return typeof token === 'string' && token.length > 0 && token !== (stored ?? null);
}

/** Where the token of `email` is stored: the client's user or the stylist's employee. */
export function registrationPath(target: 'user' | 'employee', email: string): string {
  const id = encodeURIComponent(email);
  return target === 'user' ? `/api/v1/users/${id}` : `/api/v1/employees/${id}`;
}

/** What `requestPushToken` needs from the browser and Firebase (injectable for tests). */
export type PushDeps = {
  requestPermission: () => Promise<NotificationPermission>;
  registerServiceWorker: () => Promise<ServiceWorkerRegistration>;
  getToken: (config: FirebaseMessagingConfig, registration: ServiceWorkerRegistration) => Promise<string>;
  save: (token: string) => Promise<void>;
  warn: (message: string) => void;
};

/**
 * Asks for permission and registers the push token when it differs from `stored`. Resolves true when a
 * token is in place (sent now or already stored), false when denied, unsupported or anything failed.
 */
export async function requestPushToken(
  config: FirebaseMessagingConfig,
  stored: string | null,
  deps: PushDeps,
): Promise<boolean> {
  try {
    const permission = await deps.requestPermission();
    if (permission === 'denied') {
      deps.warn(PERMISSION_DENIED);
      return false;
    }
    if (permission !== 'granted') return false;
    const registration = await deps.registerServiceWorker();
    const token = await deps.getToken(config, registration);
    if (!token) return false;
    if (shouldRegister(stored, token)) await deps.save(token);
    return true;
  } catch {
    return false;
  }
}

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** The browser's implementation of `PushDeps` for `email`'s token at `target`. */
export function browserPushDeps(target: 'user' | 'employee', email: string): PushDeps {
  return {
    requestPermission: () => Notification.requestPermission(),
    registerServiceWorker: async () => {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
      return navigator.serviceWorker.ready;
    },
    getToken: async (config, registration) => {
      const { getApps, initializeApp } = await import('firebase/app');
      const { getMessaging, getToken } = await import('firebase/messaging');
      const { vapidKey, ...web } = config;
      // A named app: the phone sign-in's default app may lack the messaging fields.
      const app = getApps().find((a) => a.name === 'klok-push') ?? initializeApp(web, 'klok-push');
      return getToken(getMessaging(app), { vapidKey, serviceWorkerRegistration: registration });
    },
    save: async (token) => {
      const res = await fetch(registrationPath(target, email), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fcm_token: token }),
      });
      if (!res.ok) throw new Error(`fcm_token: ${res.status}`);
    },
    warn: (message) => console.warn(message),
  };
}

/** A push shown while the app is open: what the service worker forwards to the page. */
export type ForegroundPush = { type: 'klok-push'; title: string; body: string };

/** Whether a service-worker message is a foreground push. */
export function isForegroundPush(data: unknown): data is ForegroundPush {
  const d = data as Partial<ForegroundPush> | null;
  return !!d && d.type === 'klok-push' && typeof d.title === 'string';
}
