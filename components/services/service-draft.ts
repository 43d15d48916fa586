/**
 * The state of the new/edit service forms (spec sections 5 and 9) and the pure steps on it: the draft
 * as the inputs hold it, the request body it stands for (validated by the contract's schemas), the
 * busy-part editing rules from lib/domain/service, and the server's field errors.
 */
import {
  DEFAULT_SERVICE_MINUTES,
  MAX_SERVICE_MINUTES,
  SERVICE_STEP_MINUTES,
  canAddSegment,
  cutParts,
  keptForEdit,
  partsFor,
  type KeptParts,
  type PartFit,
  type Segment,
} from '@/lib/domain/service';
import type { Service } from '@/lib/validation/dto';
import { SERVICE_FORM_FIELDS, type ServiceFormField } from '@/lib/validation/services';

/** The form's values as the inputs hold them (the price as typed). */
export type ServiceDraft = {
  name: string;
  description: string;
  /** Euros as typed: `12`, `12,50` or `12.5`. */
  price: string;
  hours: number;
  minutes: number;
  /**
   * The busy parts as the person set them, for the total `segmentsFor` (minutes). A change of hours or
   * minutes leaves them alone; what is shown and saved is `shownSegments` (lib/domain/service `partsFor`).
   */
  segments: Segment[];
  /** The total duration (minutes) the kept busy parts were set for. */
  segmentsFor: number;
  /** Stylists' e-mails (new service only). */
  employees: string[];
};

/** Hours select 0–4 (spec section 9). */
export const HOUR_OPTIONS = Array.from({ length: Math.floor(MAX_SERVICE_MINUTES / 60) + 1 }, (_, h) => h);
/** Minutes select 0–55 in steps of 5 (spec section 9). */
export const MINUTE_OPTIONS = Array.from({ length: 60 / SERVICE_STEP_MINUTES }, (_, i) => i * SERVICE_STEP_MINUTES);

/** A new service: empty texts, 30 minutes (spec section 9) worked from start to end, no stylists. */
export function emptyDraft(): ServiceDraft {
  return {
    name: '',
    description: '',
    price: '',
    hours: Math.floor(DEFAULT_SERVICE_MINUTES / 60),
    minutes: DEFAULT_SERVICE_MINUTES % 60,
    segments: [{ startMinutes: 0, endMinutes: DEFAULT_SERVICE_MINUTES }],
    segmentsFor: DEFAULT_SERVICE_MINUTES,
    employees: [],
  };
}

/** A price in euros as the form shows it: `18` for whole euros, else two decimals with a comma (`12,50`). */
export function priceText(euros: number): string {
  return Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', ',');
}

/** The draft of an existing service. */
export function draftFromService(s: Service): ServiceDraft {
  return {
    name: s.name,
    description: s.description,
    price: priceText(s.price),
    hours: Math.floor(s.duration / 60),
    minutes: s.duration % 60,
    segments: s.busy_slots.map((b) => ({ startMinutes: b.startMinutes, endMinutes: b.endMinutes })),
    segmentsFor: s.duration,
    employees: s.employees.map((e) => e.email),
  };
}

/**
 * The typed price as a number of euros: a decimal comma or point is accepted; empty text is
 * `undefined` (missing). Anything else that is not a number gives NaN, which the price schema rejects.
 */
export function parsePrice(text: string): number | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return Number(t.replace(',', '.'));
}

/** Total minutes of the draft. */
export const durationOf = (d: Pick<ServiceDraft, 'hours' | 'minutes'>) => d.hours * 60 + d.minutes;

/** The kept busy parts of the draft with the duration they were set for. */
const keptOf = (d: Pick<ServiceDraft, 'segments' | 'segmentsFor'>): KeptParts => ({ duration: d.segmentsFor, segments: d.segments });

/** The busy parts shown for the chosen duration and saved with it (minutes from the start). */
export function shownSegments(d: ServiceDraft): Segment[] {
  return partsFor(durationOf(d), keptOf(d));
}

/** The kept busy parts the chosen duration drops or shortens (empty when it cuts nothing). */
export function cutSegments(d: ServiceDraft): PartFit[] {
  return cutParts(durationOf(d), keptOf(d));
}

/** The draft with its kept parts ready for an edit of shown part `i` (see lib/domain/service `keptForEdit`). */
function forEdit(d: ServiceDraft): ServiceDraft {
  const kept = keptForEdit(durationOf(d), keptOf(d));
  return { ...d, segments: kept.segments, segmentsFor: kept.duration };
}

/**
 * The body of `PATCH /services/{id}` the draft stands for (validate it with `ZServiceUpdate`): the busy
 * parts shown for the chosen duration. With no duration yet (0 h 0 min) it carries the kept parts, so the
 * schema names the duration alone as missing.
 */
export function updateBodyOf(d: ServiceDraft) {
  const duration = durationOf(d);
  return {
    name: d.name,
    description: d.description,
    price: parsePrice(d.price),
    duration,
    busy_slots: duration > 0 ? shownSegments(d) : d.segments,
  };
}

/** The body of `POST /services` the draft stands for (validate it with `ZServiceCreate`). */
export function createBodyOf(d: ServiceDraft) {
  return { ...updateBodyOf(d), employees: d.employees };
}

/** True when the draft says something else than the service (texts compared trimmed, price as a number). */
export function infoChanged(d: ServiceDraft, s: Service): boolean {
  const body = updateBodyOf(d);
  return (
    body.name.trim() !== s.name ||
    body.description.trim() !== s.description ||
    body.price !== s.price ||
    body.duration !== s.duration ||
    JSON.stringify(body.busy_slots) !== JSON.stringify(s.busy_slots.map((b) => ({ startMinutes: b.startMinutes, endMinutes: b.endMinutes })))
  );
}

/** True when two e-mail lists hold different stylists (order and case ignored). */
export function employeesChanged(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a.map((e) => e.toLowerCase()));
  const y = new Set(b.map((e) => e.toLowerCase()));
  return x.size !== y.size || [...x].some((e) => !y.has(e));
}

/**
 * A new total duration. The kept busy parts stay as set: the shown ones follow the total (a last part
 * reaching the end grows and shrinks with it), and parts a shorter total cuts come back when it grows again.
 */
export function withDuration(d: ServiceDraft, hours: number, minutes: number): ServiceDraft {
  return { ...d, hours, minutes };
}

/**
 * A new busy part from the last shown one's end to the total duration, placed after the shown parts (so
 * before any part the duration cuts); unchanged when none can be added.
 */
export function addSegment(d: ServiceDraft): ServiceDraft {
  const duration = durationOf(d);
  const shown = shownSegments(d);
  if (!canAddSegment(duration, shown)) return d;
  const start = shown[shown.length - 1]?.endMinutes ?? 0;
  const e = forEdit(d);
  const segments = [...e.segments];
  segments.splice(shown.length, 0, { startMinutes: start, endMinutes: duration });
  return { ...e, segments };
}

/** Drops shown busy part `index`. */
export function removeSegment(d: ServiceDraft, index: number): ServiceDraft {
  const e = forEdit(d);
  return { ...e, segments: e.segments.filter((_, i) => i !== index) };
}

/** Sets the start or end (minutes) of shown busy part `index`. */
export function setSegmentTime(d: ServiceDraft, index: number, edge: 'start' | 'end', minutes: number): ServiceDraft {
  const e = forEdit(d);
  return {
    ...e,
    segments: e.segments.map((s, i) =>
      i !== index ? s : edge === 'start' ? { ...s, startMinutes: minutes } : { ...s, endMinutes: minutes },
    ),
  };
}

/** Every 5-minute mark from `from` to `to` inclusive. */
function marks(from: number, to: number): number[] {
  const out: number[] = [];
  for (let m = Math.ceil(from / SERVICE_STEP_MINUTES) * SERVICE_STEP_MINUTES; m <= to; m += SERVICE_STEP_MINUTES) out.push(m);
  return out;
}

/**
 * The choices of busy part `index`'s selects, in 5-minute steps within the duration: the start from the
 * previous part's end up to 5 minutes before its own end; the end from 5 minutes after its start up to
 * the next part's start (or the total duration). The current values are always offered.
 */
export function segmentChoices(duration: number, segments: Segment[], index: number): { starts: number[]; ends: number[] } {
  const s = segments[index];
  if (!s) return { starts: [], ends: [] };
  const previousEnd = segments[index - 1]?.endMinutes ?? 0;
  const nextStart = segments[index + 1]?.startMinutes ?? duration;
  const withCurrent = (list: number[], current: number) =>
    list.includes(current) ? list : [...list, current].sort((a, b) => a - b);
  return {
    starts: withCurrent(marks(previousEnd, Math.min(s.endMinutes, duration) - SERVICE_STEP_MINUTES), s.startMinutes),
    ends: withCurrent(marks(s.startMinutes + SERVICE_STEP_MINUTES, Math.min(nextStart, duration)), s.endMinutes),
  };
}

/** The form field a server or schema issue path points at (`busy_slots.1.endMinutes` → `busy_slots`). */
export function fieldOfPath(path: string | readonly PropertyKey[]): ServiceFormField | null {
  const first = typeof path === 'string' ? path.split('.')[0] : path[0];
  return (SERVICE_FORM_FIELDS as readonly unknown[]).includes(first) ? (first as ServiceFormField) : null;
}

/**
 * The field messages of a 400/422 answer (`error.details.fields`: `{ path, message }[]`), first message
 * per form field; empty when the details carry none.
 */
export function serverFieldErrors(details: unknown): Partial<Record<ServiceFormField, string>> {
  const out: Partial<Record<ServiceFormField, string>> = {};
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return out;
  for (const f of fields) {
    if (!f || typeof f !== 'object') continue;
    const { path, message } = f as { path?: unknown; message?: unknown };
    if (typeof message !== 'string' || (typeof path !== 'string' && !Array.isArray(path))) continue;
    const field = fieldOfPath(path as string | PropertyKey[]);
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The stylists to choose from: the team (with colours and photos) followed by any stylist the service
 * already has who is no longer listed, so an assignment can always be seen and removed.
 */
export function stylistOptions(
  team: readonly { email: string; name: string; color?: string | null; avatar?: string | null }[],
  assigned: readonly { email: string; name: string }[] = [],
): { email: string; name: string; color?: string | null; avatar?: string | null }[] {
  const known = new Set(team.map((e) => e.email.toLowerCase()));
  return [
    ...team.map(({ email, name, color, avatar }) => ({ email, name, color, avatar })),
    ...assigned.filter((e) => !known.has(e.email.toLowerCase())).map(({ email, name }) => ({ email, name })),
  ];
}
