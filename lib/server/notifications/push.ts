import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { outbox, users } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { userIdsWhere } from '@/lib/server/repositories/users';

/**
 * Push notifications through the outbox. `queuePush` writes a `kind = 'push'` row in the
 * caller's transaction; the worker (worker.ts, `deliverPushDue`) reads the recipient's current push token
 * and sends with a `PushProvider`: Firebase Cloud Messaging through `firebase-admin` when a service account
 * is configured (`FIREBASE_SERVICE_ACCOUNT` JSON or `GOOGLE_APPLICATION_CREDENTIALS`), else the dev
 * provider, which logs what would be sent. A token FCM reports invalid is cleared on the user.
 */

/** A push to one user of the tenant (Spanish title and body, optional string data such as a URL). */
export type PushMessage = { userId: string; title: string; body: string; data?: Record<string, string> };

/** Queues a push in the caller's transaction. Nothing for a user without a push token (returns false). */
export async function queuePush(db: DbOrTx, tenantId: number, message: PushMessage): Promise<boolean> {
  return (await queuePushes(db, tenantId, [message])) > 0;
}

/**
 * Queues several pushes of a tenant in the caller's transaction: one read of the recipients' push tokens and
 * one insert; nothing for the guest or a user without a push token. With `known`, the caller read the tokens
 * with its own rows and passes only recipients that have one: the read is skipped. Returns how many were queued.
 */
export async function queuePushes(db: DbOrTx, tenantId: number, messages: PushMessage[], opts: { known?: boolean } = {}): Promise<number> {
  if (messages.length === 0) return 0;
  if (opts.known) {
    await db.insert(outbox).values(messages.map((m) => ({ tenantId, kind: 'push' as const, payload: { ...m } as Record<string, unknown> })));
    return messages.length;
  }
  const reachable = await userIdsWhere(db, tenantId, messages.map((m) => m.userId), and(eq(users.isGuest, false), isNotNull(users.fcmToken))!);
  const rows = messages.filter((m) => reachable.has(m.userId)).map((m) => ({ tenantId, kind: 'push' as const, payload: { ...m } as Record<string, unknown> }));
  if (rows.length > 0) await db.insert(outbox).values(rows);
  return rows.length;
}

/** Sends one push to one device token; throws on failure (with FCM's `code` when there is one). */
export type PushProvider = {
  name: string;
  send: (token: string, message: { title: string; body: string; data?: Record<string, string> }) => Promise<void>;
};

/** FCM error codes that mean the token will never work again: it is cleared on the user. */
const INVALID_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);

/** Whether a provider error says the token is invalid (not registered, or malformed). */
export function isInvalidTokenError(err: unknown): boolean {
  const code = (err as { code?: unknown; errorInfo?: { code?: unknown } } | null)?.code ??
    (err as { errorInfo?: { code?: unknown } } | null)?.errorInfo?.code;
  return typeof code === 'string' && INVALID_TOKEN_CODES.has(code);
}

/** The development provider: logs what would be sent (the token shortened). */
export function devPushProvider(log: (line: string) => void = (l) => console.info(l)): PushProvider {
  return {
    name: 'dev',
    send: async (token, m) => {
      log(`[klok] push (dev) → ${token.slice(0, 12)}…: ${m.title} — ${m.body}`);
    },
  };
}

/** The Firebase Cloud Messaging provider (firebase-admin), for the given service account or the default credentials. */
export async function firebasePushProvider(serviceAccountJson?: string): Promise<PushProvider> {
  const { getApps, initializeApp, cert, applicationDefault } = await import('firebase-admin/app');
  const { getMessaging } = await import('firebase-admin/messaging');
  const name = 'klok-push';
  const app =
    getApps().find((a) => a.name === name) ??
    initializeApp(
      {
        credential: serviceAccountJson ? cert(JSON.parse(serviceAccountJson) as Record<string, string>) : applicationDefault(),
        ...(env().FIREBASE_PROJECT_ID ? { projectId: env().FIREBASE_PROJECT_ID } : {}),
      },
      name,
    );
  const messaging = getMessaging(app);
  return {
    name: 'firebase',
    send: async (token, m) => {
      await messaging.send({
        token,
        notification: { title: m.title, body: m.body },
        ...(m.data ? { data: m.data } : {}),
        webpush: { notification: { icon: '/icons/icon-192.png', lang: 'es' } },
      });
    },
  };
}

/** The provider the configuration asks for: firebase-admin with a service account, else the dev provider. */
export async function createPushProvider(): Promise<PushProvider> {
  const e = env();
  if (e.FIREBASE_SERVICE_ACCOUNT) return firebasePushProvider(e.FIREBASE_SERVICE_ACCOUNT);
  if (e.GOOGLE_APPLICATION_CREDENTIALS) return firebasePushProvider();
  return devPushProvider();
}
