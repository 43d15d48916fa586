/**
 * The waitlist form's rules (beyond-the-spec section 4): which dates it offers and the request body it sends,
 * checked by the contract's `ZWaitlistCreate` and the domain's `entryRangeError` exactly as the server checks
 * them. Pure.
 */
import { clientWindowEnd } from '@/lib/domain/availability';
import { madridDate } from '@/lib/domain/time';
import { entryRangeError, type PartOfDay } from '@/lib/domain/waitlist';
import { ZWaitlistCreate, type WaitlistCreate } from '@/lib/validation/waitlist';

/** What the form's fields hold: the Madrid dates (YYYY-MM-DD), the part of the day and the person's id. */
export type WaitlistFormValues = { from: string; to: string; partOfDay: PartOfDay; userId: string };

/** What the form does not ask: the visit's services (in visit order) and the stylist's e-mail or `any`. */
export type WaitlistChoice = { services: readonly { id: number }[]; employeeId: string };

/** A message key of the range rule (namespace `errors`). */
export type WaitlistRangeKey = NonNullable<ReturnType<typeof entryRangeError>>;

/** The field messages of an invalid form; `form` holds what no field owns. */
export type WaitlistProblems = { from?: string; to?: string; form?: string };

/** The field each range rule points at: an order or window problem at Hasta, a past start at Desde. */
const RANGE_FIELD: Record<WaitlistRangeKey, 'from' | 'to'> = {
  waitlistRangeOrder: 'to',
  waitlistRangePast: 'from',
  waitlistRangeWindow: 'to',
};

/** The dates an entry may span at `now` (epoch ms): today to the last day of the client's 30-day window, Madrid. */
export function waitlistDateLimits(now: number): { min: string; max: string } {
  return { min: madridDate(now), max: madridDate(clientWindowEnd(now) - 1) };
}

/**
 * The form's date for both Desde and Hasta at first: `date` (the wizard's chosen day) when it lies within the
 * limits at `now`, else today.
 */
export function initialWaitlistDate(date: string | undefined, now: number): string {
  const { min, max } = waitlistDateLimits(now);
  return date && date >= min && date <= max ? date : min;
}

/**
 * The body of `POST /users/{email}/waitlist` for the form's values, or why it cannot be sent at `now` (epoch
 * ms): the contract's Spanish messages (`ZWaitlistCreate`), then the range rule (`entryRangeError`, worded by
 * `rangeMessage` from its `errors` key), each on its field.
 */
export function checkWaitlistForm(
  choice: WaitlistChoice,
  values: WaitlistFormValues,
  now: number,
  rangeMessage: (key: WaitlistRangeKey) => string,
): { ok: true; body: WaitlistCreate } | { ok: false; problems: WaitlistProblems } {
  const parsed = ZWaitlistCreate.safeParse({
    services: choice.services.map((s) => s.id),
    employee_id: choice.employeeId,
    from: values.from,
    to: values.to,
    part_of_day: values.partOfDay,
    ...(values.userId ? { user_id: values.userId } : {}),
  });
  if (!parsed.success) {
    const problems: WaitlistProblems = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'from' || issue.path[0] === 'to' ? issue.path[0] : 'form';
      problems[field] ??= issue.message;
    }
    return { ok: false, problems };
  }
  const range = entryRangeError(parsed.data, now);
  if (range) return { ok: false, problems: { [RANGE_FIELD[range]]: rangeMessage(range) } };
  return { ok: true, body: parsed.data };
}
