/**
 * The Monday e-mail to the admins, "Resumen de la semana" (beyond-the-spec section 6): last week's figures of
 * the owner's summary with the change against the week before, the occupancy of each stylist, the free hours
 * of the week that starts, and the link to Resumen. It says the figures are estimates from the bookings
 * (Klok takes no payment).
 */
import 'server-only';
import { dayRange, durationLabel } from '@/lib/format';
import { euros } from '@/lib/money';
import { emailText } from '@/lib/server/messages';
import type { Summary } from '@/lib/validation/reports';
import { greeting, renderEmail, type RenderedEmail, type Salon } from './layout';

export type WeeklySummaryInput = {
  salon: Salon;
  /** The admin the e-mail goes to. */
  adminName: string | null;
  /** Last week (Monday to Sunday) as the summary gives it. */
  week: Summary;
  /** The week before it, for the change. */
  previous: Summary;
  /** The week that starts: Madrid dates, and each active stylist's free minutes (scheduled minus booked, never below 0). */
  ahead: { from: string; to: string; stylists: { name: string; freeMinutes: number }[] };
  /** The stylists' names by e-mail (the summary's `employee_id`). */
  names: ReadonlyMap<string, string>;
  /** `/summary` on the tenant's origin. */
  link: string;
};

/** `+3`, `−2` or `=` for a change of a count. */
function countChange(now: number, before: number): string {
  const d = now - before;
  return d === 0 ? '=' : d > 0 ? `+${d}` : `−${-d}`;
}

/** `+12,00 €`, `−5,50 €` or `=` for a change of an amount in euros. */
function eurosChange(now: number, before: number): string {
  const d = Math.round((now - before) * 100) / 100;
  return d === 0 ? '=' : d > 0 ? `+${euros(d)}` : `−${euros(-d)}`;
}

/** A share 0–1 as a whole percentage (`67 %`). */
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** `Resumen de la semana en {salon}`: last week's figures, what changed, the week ahead's free hours and the link. */
export function weeklySummaryEmail(input: WeeklySummaryInput): RenderedEmail {
  const { week, previous } = input;
  const values = { facility: input.salon.name, period: dayRange(week.from, week.to) };
  const figures = [
    emailText('weeklyRevenue', { amount: euros(week.revenue_estimated), change: eurosChange(week.revenue_estimated, previous.revenue_estimated) }),
    emailText('weeklyAttended', { n: String(week.attended), change: countChange(week.attended, previous.attended) }),
    emailText('weeklyNoShows', { n: String(week.no_shows), change: countChange(week.no_shows, previous.no_shows), amount: euros(week.no_show_loss) }),
    emailText('weeklyCancelled', { n: String(week.cancelled), late: String(week.late_cancellations), change: countChange(week.cancelled, previous.cancelled) }),
    emailText('weeklyClients', { new: String(week.new_clients), returning: String(week.returning_clients) }),
    ...(week.rebooked_share === null ? [] : [emailText('weeklyRebooked', { share: percent(week.rebooked_share) })]),
    emailText('weeklyRefills', { n: String(week.waitlist_refills) }),
  ];
  const occupancy = week.occupancy
    .filter((o) => o.scheduled_minutes > 0 || o.booked_minutes > 0)
    .map((o) =>
      emailText('weeklyOccupancyLine', {
        name: input.names.get(o.employee_id) ?? o.employee_id,
        share: o.scheduled_minutes > 0 ? percent(o.booked_minutes / o.scheduled_minutes) : '—',
        booked: durationLabel(o.booked_minutes),
      }),
    );
  const free = input.ahead.stylists.reduce((sum, s) => sum + s.freeMinutes, 0);
  const aheadLines = input.ahead.stylists.map((s) => emailText('weeklyFreeLine', { name: s.name, free: durationLabel(s.freeMinutes) }));
  return renderEmail(emailText('weeklySubject', values), input.salon, [
    { kind: 'p', text: greeting(input.adminName) },
    { kind: 'p', text: emailText('weeklyIntro', values) },
    { kind: 'p', text: figures.join('\n') },
    ...(occupancy.length > 0 ? [{ kind: 'p' as const, text: [emailText('weeklyOccupancy', {}), ...occupancy].join('\n') }] : []),
    {
      kind: 'p',
      text: [emailText('weeklyAhead', { period: dayRange(input.ahead.from, input.ahead.to), free: durationLabel(free) }), ...aheadLines].join('\n'),
    },
    { kind: 'link', label: emailText('weeklyButton', values), href: input.link },
    { kind: 'p', text: emailText('weeklyEstimate', {}) },
  ]);
}
