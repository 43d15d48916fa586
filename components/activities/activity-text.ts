/**
 * What a card of the activity feed says and where it leads (spec sections 2 "Activities" and 3),
 * as pure functions of the activity, the clock and a translator (the screen passes next-intl's, tests a
 * plain one over the same messages): the Spanish sentence per type, the relative time, the link (the
 * agenda on the appointment's date highlighting it, or the client), and which items are new in a view.
 */
import { pathSegment } from '@/components/agenda/paths';
import { madridDate } from '@/lib/domain/time';
import { relativeTime, sentenceDateOf, timeOf } from '@/lib/format';
import type { Activity } from '@/lib/validation/dto';

/** A translator of the `activities` namespace (key, placeholder values) → text. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** What the card shows: the sentence, an optional second line (who cancelled) and its link, if any. */
export type ActivityText = { text: string; detail: string | null; href: string | null };

type ActivityLike = Pick<Activity, 'type' | 'data'>;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** True for an ISO instant that parses. */
const isInstant = (v: string) => v !== '' && !Number.isNaN(Date.parse(v));

/**
 * The card of an activity. Appointment types read the data written with them (id, start_time,
 * created_by, service_name, employee_name, client_name; a booking's account_name when made for a family
 * member of the account; a cancellation's notes, the reason; a move's start_time and employee_name are the
 * new ones; a no-show's created_by, who marked it; a client's cancellation through an action link, `late` when
 * after the cut-off; a waitlist offer's `expires_at`, when its window ends; its `employee_name` empty for
 * "Cualquier estilista"); `user_created` reads name and email;
 * `user_deleted` only who deleted it (`deleted_by`: the client's data is gone).
 */
export function describeActivity(activity: ActivityLike, t: Translate): ActivityText {
  const d = activity.data;
  const start = str(d.start_time);
  const appointment = {
    client: str(d.client_name),
    service: str(d.service_name),
    employee: str(d.employee_name),
    author: str(d.created_by),
    date: isInstant(start) ? sentenceDateOf(start) : '',
    time: isInstant(start) ? timeOf(start) : '',
  };
  const href = activityHref(activity);
  switch (activity.type) {
    case 'client_appointment_created':
    case 'employee_appointment_created': {
      const account = str(d.account_name);
      return { text: t(`text.${activity.type}`, appointment), detail: account ? t('text.forAccount', { account }) : null, href };
    }
    case 'appointment_moved':
      return { text: t('text.appointment_moved', appointment), detail: null, href };
    case 'no_show_marked':
      return { text: t('text.no_show_marked', appointment), detail: appointment.author ? t('text.markedBy', { author: appointment.author }) : null, href };
    case 'appointment_confirmed':
    case 'appointment_released':
    case 'waitlist_claimed':
      return { text: t(`text.${activity.type}`, appointment), detail: null, href };
    case 'waitlist_offered':
      return {
        text: t(appointment.employee ? 'text.waitlist_offered' : 'text.waitlist_offered_any', appointment),
        detail: isInstant(str(d.expires_at)) ? t('text.offerUntil', { time: timeOf(str(d.expires_at)) }) : null,
        href,
      };
    case 'client_cancelled':
      return { text: t('text.client_cancelled', appointment), detail: d.late === true ? t('text.lateCancellation') : null, href };
    case 'appointment_cancelled':
      return {
        text: t('text.appointment_cancelled', appointment),
        detail: cancelDetail(appointment.author, str(d.notes), t),
        href,
      };
    case 'user_created': {
      const name = str(d.name);
      const email = str(d.email);
      return { text: name ? t('text.user_created', { name, email }) : t('text.user_created_no_name', { email }), detail: null, href };
    }
    case 'user_deleted': {
      const author = str(d.deleted_by);
      return { text: t('text.user_deleted'), detail: author ? t('text.deletedBy', { author }) : null, href: null };
    }
    default:
      return { text: t('text.unknown'), detail: null, href: null };
  }
}

/** The second line of a cancellation: who cancelled it and, when given, the reason. */
function cancelDetail(author: string, reason: string, t: Translate): string | null {
  const by = author ? t('text.cancelledBy', { author }) : '';
  const why = reason ? t('text.cancelReason', { reason }) : '';
  return [by, why].filter(Boolean).join(' · ') || null;
}

/**
 * Where tapping a card goes: an appointment opens the agenda on its Madrid date highlighting it
 * (`/?date=YYYY-MM-DD&eventId=…`; a cancelled one is not drawn, so only its date), a new client opens
 * `/clients/{email}`; anything else (or data without what is needed) is not a link.
 */
export function activityHref(activity: ActivityLike): string | null {
  const d = activity.data;
  switch (activity.type) {
    case 'client_appointment_created':
    case 'employee_appointment_created':
    case 'appointment_moved':
    case 'no_show_marked':
    case 'appointment_confirmed':
    case 'appointment_released':
    case 'client_cancelled':
    case 'appointment_cancelled':
    case 'waitlist_offered':
    case 'waitlist_claimed': {
      const start = str(d.start_time);
      if (!isInstant(start)) return null;
      const qs = new URLSearchParams({ date: madridDate(start) });
      const id = str(d.id);
      // A cancelled appointment is not drawn, and an offer is not one yet: only the date.
      const drawn = activity.type !== 'appointment_cancelled' && activity.type !== 'appointment_released' && activity.type !== 'client_cancelled' && activity.type !== 'waitlist_offered';
      if (id && drawn) qs.set('eventId', id);
      return `/?${qs}`;
    }
    case 'user_created': {
      const email = str(d.email);
      return email ? `/clients/${pathSegment(email)}` : null;
    }
    default:
      return null;
  }
}

/** `justo ahora`, `hace 5 m`, `hace 3 h`, or the date `dd/MM/yyyy` (spec section 9). */
export function relativeTimeLabel(instant: string, now: number, t: Translate): string {
  const r = relativeTime(instant, now);
  switch (r.unit) {
    case 'now':
      return t('time.now');
    case 'minutes':
      return t('time.minutes', { n: r.n });
    case 'hours':
      return t('time.hours', { n: r.n });
    case 'date':
      return r.date;
  }
}

/**
 * What was new when the screen opened: the first page's newest id and the caller's unseen count then.
 * The `unseen` newest activities up to `topId` were new; anything above `topId` arrived later (also new).
 */
export type FreshAnchor = { topId: number; unseen: number };

/**
 * The ids to highlight in a view, from the items loaded so far (newest first, as the pages arrive) and the
 * anchor taken when the view opened. It does not read `seen`, which turns true once the view marks the
 * feed seen: the highlight stays for the view while the badge clears.
 */
export function freshIds(items: readonly Pick<Activity, 'id'>[], anchor: FreshAnchor | null): Set<number> {
  const out = new Set<number>();
  if (!anchor) return out;
  let rank = 0;
  for (const { id } of [...items].sort((a, b) => b.id - a.id)) {
    if (id > anchor.topId) out.add(id);
    else if (rank++ < anchor.unseen) out.add(id);
  }
  return out;
}

/** Items of several pages as one list, newest first, each id once (pages may overlap while revalidating). */
export function mergePages<T extends { id: number }>(pages: readonly { items: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out.sort((a, b) => b.id - a.id);
}
