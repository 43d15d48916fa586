/**
 * Click to chat (beyond-the-spec section 5): the salon's WhatsApp message about an appointment, as a `wa.me`
 * link staff open on their own phone or computer. Nothing is sent by Klok: WhatsApp opens with the text typed
 * in, and staff press send.
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isPast } from '@/lib/domain/agenda';
import { addDays, isoUtc, madridDate, madridWallClock } from '@/lib/domain/time';
import { clickToChatUrl } from '@/lib/domain/whatsapp';
import type { Db } from '@/lib/server/db/client';
import { appointments, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/errors';
import { emailText, errorMessage } from '@/lib/server/messages';
import { salonOf } from '@/lib/server/notifications/appointment-emails';
import { issueActionLinks } from '@/lib/server/notifications/confirmations';
import { whenOf } from '@/lib/server/notifications/templates';
import { pendingWithPhones, type DayReminderRow } from '@/lib/server/repositories/appointments';
import { lockVisitOfAppointment } from '@/lib/server/repositories/locks';
import { tenantOriginOf } from '@/lib/server/tenancy';
import type { DayReminder, WhatsAppMessage } from '@/lib/validation/whatsapp';

/**
 * The WhatsApp message of an appointment and its visit at `now` (epoch ms; `POST
 * /facility/1/appointments/{id}/whatsapp`, staff): "Hola {client}, te escribimos de {salon}…" with the date,
 * time, services and stylists of the visit's services still to come and, while the visit waits for the
 * client's confirmation, a fresh action link ("Confirmo" / "No puedo ir", lib/server/services/action-link.ts);
 * otherwise "¡Te esperamos!". The first opening is recorded on the visit (`opened_at`, for "Recordatorios de
 * mañana"). Returns the `wa.me` link with the text and when it was first opened (UTC ISO).
 *
 * Errors: 404 unknown appointment; 409 `conflict` a cancelled or ended one; 422 a client without a phone (the
 * guest, or an account that has none).
 */
export async function whatsAppMessage(db: Db, tenantId: number, appointmentId: string, now: number): Promise<WhatsAppMessage> {
  return db.transaction(async (tx) => {
    const rows = (await lockVisitOfAppointment(tx, tenantId, appointmentId)).filter((r) => r !== undefined);
    const named = rows.find((r) => r.a.id === appointmentId);
    if (!named) throw new ApiError('not_found', errorMessage('appointmentNotFound'));
    const coming = rows.filter((r) => r.a.status === 'pending' && !isPast(r.a.endAt, now)).sort((x, y) => x.a.startAt.getTime() - y.a.startAt.getTime());
    if (!coming.some((r) => r.a.id === appointmentId)) throw new ApiError('conflict', errorMessage('whatsappAppointmentGone'));
    const { client } = named;
    if (client.isGuest || !client.tlf) throw new ApiError('unprocessable', errorMessage('whatsappNoPhone'));

    const first = coming[0]!.a;
    const stylists = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(coming.map((r) => r.a.employeeId))])));
    const salon = await salonOf(tx, tenantId, first.facilityId);
    const values = {
      client: first.clientName,
      salon: salon.name,
      when: whenOf(first.startAt),
      service: coming.map((r) => r.a.serviceName).join(', '),
      employee: coming.map((r) => stylists.find((s) => s.id === r.a.employeeId)?.name ?? '').filter((n, i, all) => all.indexOf(n) === i).join(', '),
    };
    const lines = [emailText('whatsappGreeting', values), emailText('whatsappAppointment', values)];
    if (coming.some((r) => r.a.confirmation === 'pending')) {
      const [link] = await issueActionLinks(tx, tenantId, [{ target: { purpose: 'appointment', appointmentId: first.id }, expiresAt: first.startAt }], await tenantOriginOf(tx, tenantId), now);
      lines.push(emailText('whatsappConfirm', { link: link! }));
    } else {
      lines.push(emailText('whatsappSeeYou', values));
    }
    const [opened] = await tx
      .update(appointments)
      .set({ whatsappOpenedAt: sql`coalesce(${appointments.whatsappOpenedAt}, ${new Date(now).toISOString()}::timestamptz)` })
      .where(and(eq(appointments.tenantId, tenantId), inArray(appointments.id, rows.map((r) => r.a.id))))
      .returning({ at: appointments.whatsappOpenedAt });
    return { url: clickToChatUrl(client.tlf, lines.join('\n'))!, opened_at: isoUtc(opened!.at!) };
  });
}

/**
 * "Recordatorios de mañana" at `now` (epoch ms; beyond-the-spec section 5, the staff screen `/reminders`): the
 * salon's pending visits starting tomorrow (Madrid), one row per visit (an appointment booked alone is a visit
 * of one), by start, with what staff need to send each its WhatsApp message and whether they opened it.
 */
export async function tomorrowsReminders(db: Db, tenantId: number, now: number): Promise<DayReminder[]> {
  const tomorrow = addDays(madridDate(now), 1);
  const rows = await pendingWithPhones(db, tenantId, madridWallClock(tomorrow, 0), madridWallClock(addDays(tomorrow, 1), 0));
  const visits = new Map<string, DayReminderRow[]>();
  for (const r of rows) visits.set(r.visitId ?? r.id, [...(visits.get(r.visitId ?? r.id) ?? []), r]);
  return [...visits.values()].map((parts) => {
    const first = parts[0]!;
    const opened = parts.map((p) => p.openedAt).filter((t): t is number => t !== null);
    return {
      appointment_id: first.id,
      start_time: isoUtc(first.start),
      client_name: first.clientName,
      phone: first.isGuest ? null : first.phone,
      services: parts.map((p) => p.serviceName),
      employees: [...new Set(parts.map((p) => p.employeeName))],
      confirmation: first.confirmation,
      opened_at: opened.length > 0 ? isoUtc(Math.min(...opened)) : null,
    };
  });
}
