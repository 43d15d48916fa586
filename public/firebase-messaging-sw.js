/*
 * Klok's push service worker. Firebase Cloud Messaging delivers web push to the
 * registration that `getToken` was given (this one); the payload is FCM's JSON
 * `{ notification: { title, body }, data: { … } }`. No script is imported from a CDN: the standard Push API
 * is all that is needed. While a Klok window is visible the message goes to it (a toast); otherwise a
 * system notification is shown, and a click on it focuses or opens Klok.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function parse(event) {
  if (!event.data) return null;
  try {
    const payload = event.data.json();
    const n = payload.notification || {};
    const data = payload.data || {};
    const title = n.title || data.title;
    if (!title) return null;
    return { title: String(title), body: String(n.body || data.body || ''), url: data.url || '/' };
  } catch {
    return { title: 'Klok', body: event.data.text(), url: '/' };
  }
}

self.addEventListener('push', (event) => {
  const message = parse(event);
  if (!message) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((w) => w.visibilityState === 'visible');
      if (visible.length > 0) {
        for (const w of visible) w.postMessage({ type: 'klok-push', title: message.title, body: message.body });
        return undefined;
      }
      return self.registration.showNotification(message.title, {
        body: message.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'es',
        data: { url: message.url },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => 'focus' in w);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
