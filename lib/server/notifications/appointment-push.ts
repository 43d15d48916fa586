import 'server-only';
import { emailText } from '@/lib/server/messages';
import { queuePush } from './push';
import type { DbOrTx } from '@/lib/server/db/client';
import { whenOf } from './templates/layout';

/**
 * The pushes about appointments, queued in the caller's transaction next to the e-mails:
 * to the stylist when a client books, to the client when the salon cancels (never the guest: `queuePush`
 * skips it, as it skips anyone without a push token).
 */

/** "Nueva cita" to the stylist of an appointment a client just booked. */
export function queueBookedPush(
  tx: DbOrTx,
  tenantId: number,
  a: { id: string; employeeId: string; clientName: string; serviceName: string; start: number | Date },
): Promise<boolean> {
  return queuePush(tx, tenantId, {
    userId: a.employeeId,
    title: emailText('pushBookedTitle', {}),
    body: emailText('pushBookedBody', { client: a.clientName, service: a.serviceName, when: whenOf(a.start) }),
    data: { url: `/?eventId=${a.id}` },
  });
}

/** "Cita cancelada" to the client whose appointment the salon cancelled. */
export function queueCancelledPush(
  tx: DbOrTx,
  tenantId: number,
  a: { id: string; clientId: string; salon: string; serviceName: string; startAt: Date },
): Promise<boolean> {
  return queuePush(tx, tenantId, {
    userId: a.clientId,
    title: emailText('pushCancelledTitle', {}),
    body: emailText('pushCancelledBody', { salon: a.salon || emailText('pushSalonFallback', {}), service: a.serviceName, when: whenOf(a.startAt) }),
    data: { url: '/' },
  });
}
