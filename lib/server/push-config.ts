import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { FirebaseMessagingConfig } from '@/lib/push/register';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';

/**
 * The public Firebase web configuration for push in the browser, or null when messaging is not configured
 * (then the pages render no push registration at all). Needs the project, API key, sender id, app id and
 * the public VAPID key (`NEXT_PUBLIC_FIREBASE_VAPID_KEY`); read at request time, not inlined at build.
 */
export function pushWebConfig(): FirebaseMessagingConfig | null {
  const e = env();
  if (!e.FIREBASE_API_KEY || !e.FIREBASE_PROJECT_ID || !e.FIREBASE_MESSAGING_SENDER_ID || !e.FIREBASE_APP_ID) return null;
  if (!e.NEXT_PUBLIC_FIREBASE_VAPID_KEY) return null;
  return {
    apiKey: e.FIREBASE_API_KEY,
    authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    projectId: e.FIREBASE_PROJECT_ID,
    messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID,
    appId: e.FIREBASE_APP_ID,
    vapidKey: e.NEXT_PUBLIC_FIREBASE_VAPID_KEY,
  };
}

/** The push token stored for `email` in the tenant (null when none). */
export async function storedPushToken(tenantId: number, email: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ token: users.fcmToken })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row?.token ?? null;
}
