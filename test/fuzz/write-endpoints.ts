/**
 * The fuzz test's model of the API's writes: every POST/PATCH/PUT/DELETE route under
 * app/api/v1 with a valid request to start from, the fast-check generators of bad requests (random JSON,
 * valid bodies with one field broken, malformed JSON text, odd path params, query strings and headers),
 * and `send()`, which calls a handler in-process the way Next.js does with a raw body and raw headers.
 * Used by test/api/fuzz.test.ts (CI, seeded and short) and `npm run fuzz` (longer).
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { NextRequest } from 'next/server';
import { ZONE } from '@/lib/domain/time';
import * as emailLinkRoute from '@/app/api/v1/auth/email-link/route';
import * as logoutRoute from '@/app/api/v1/auth/logout/route';
import * as employeeServicesRoute from '@/app/api/v1/employees/[employeeId]/services/route';
import * as employeeRoute from '@/app/api/v1/employees/[employeeId]/route';
import * as activitiesSeenRoute from '@/app/api/v1/facility/[facilityId]/activities/seen/route';
import * as facilityEmployeeRoute from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/route';
import * as specialShiftDateRoute from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/[date]/route';
import * as specialShiftsRoute from '@/app/api/v1/facility/[facilityId]/employees/[employeeId]/special-shifts/route';
import * as facilityEmployeesRoute from '@/app/api/v1/facility/[facilityId]/employees/route';
import * as serviceEmployeesRoute from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/employees/route';
import * as serviceRoute from '@/app/api/v1/facility/[facilityId]/services/[serviceId]/route';
import * as servicesRoute from '@/app/api/v1/facility/[facilityId]/services/route';
import * as settingsRoute from '@/app/api/v1/facility/[facilityId]/settings/route';
import * as whatsappSettingsRoute from '@/app/api/v1/facility/[facilityId]/whatsapp/route';
import * as cancelAppointmentRoute from '@/app/api/v1/schedules/cancel/appointment/route';
import * as deleteLeaveRoute from '@/app/api/v1/schedules/delete/leave/route';
import * as actionsRoute from '@/app/api/v1/actions/[token]/route';
import * as holdsRoute from '@/app/api/v1/holds/route';
import * as waitlistRoute from '@/app/api/v1/users/[email]/waitlist/route';
import * as waitlistEntryRoute from '@/app/api/v1/users/[email]/waitlist/[id]/route';
import * as waitlistOffersRoute from '@/app/api/v1/facility/[facilityId]/waitlist/[id]/offers/route';
import * as whatsappRoute from '@/app/api/v1/facility/[facilityId]/appointments/[id]/whatsapp/route';
import * as serviceOrderRoute from '@/app/api/v1/facility/[facilityId]/services/order/route';
import * as insertAppointmentRoute from '@/app/api/v1/schedules/insert/appointment/route';
import * as insertLeaveRoute from '@/app/api/v1/schedules/insert/leave/route';
import * as moveAppointmentRoute from '@/app/api/v1/schedules/move/appointment/route';
import * as attendanceRoute from '@/app/api/v1/schedules/attendance/appointment/route';
import * as phoneCodeRoute from '@/app/api/v1/users/[email]/phone/code/route';
import * as phoneVerifyRoute from '@/app/api/v1/users/[email]/phone/verify/route';
import * as userRoute from '@/app/api/v1/users/[email]/route';
import * as usersRoute from '@/app/api/v1/users/route';
import * as whatsappWebhookRoute from '@/app/api/v1/webhooks/whatsapp/route';

/** A route handler as Next.js calls it. */
export type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** The two callers of every request: the seed's client (cliente@klok.demo) and admin (admin@klok.demo). */
export type Role = 'client' | 'admin';
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What the valid requests refer to: rows of the seeded database the test prepares before fuzzing. */
export type FuzzContext = {
  /** The callers (the seed's client and admin), the client's own user id, and a stylist everyone edits. */
  client: string;
  clientUserId: string;
  admin: string;
  stylist: string;
  /** Clients, stylists and services the admin may delete (one each time a deletion succeeds). */
  victimClients: string[];
  victimStylists: string[];
  victimServiceIds: number[];
  /** A live service. */
  serviceId: number;
  /** Future Madrid working days `YYYY-MM-DD` (clear of the seed's demo appointments). */
  days: string[];
  /** Pending appointments of the stylist (staff may cancel them) and leaves (staff may delete them), with their day. */
  appointments: { id: string; date: string }[];
  leaves: { id: string; date: string }[];
};

/** A valid request before any damage: path params, body (absent: the endpoint reads none), query and the headers the route reads. */
export type ValidRequest = { params: Record<string, string>; body?: Json; query?: Record<string, string>; headers?: Record<string, string> };

/** One write endpoint: its route file, method, handler and the valid requests of each caller. */
export type WriteEndpoint = {
  /** The route folder under app/api/v1, e.g. `users/[email]`. */
  route: string;
  method: WriteMethod;
  handler: Handler;
  /** Valid requests (for the caller's role they may still be refused: a client on a staff route gets 403). */
  valid: (c: FuzzContext, role: Role) => fc.Arbitrary<ValidRequest>;
  /** The request ends the caller's session (logout): each case is sent with a fresh session of the caller. */
  endsSession?: boolean;
};

const F = { facilityId: '1' };
const WEEK: Json = [0, 1, 2, 3, 4, 5, 6].map((id) => ({
  id,
  available: id !== 0,
  shifts: id === 0 ? [] : [{ open: '09:00', close: '14:00' }, { open: '16:00', close: '20:00' }],
}));
const h = (handler: unknown) => handler as Handler;
const fixed = (request: ValidRequest) => fc.constant(request);

/** Madrid `HH:mm` on the quarter hour, 08:00–20:45. */
const hhmm = fc.tuple(fc.integer({ min: 8, max: 20 }), fc.constantFrom('00', '15', '30', '45')).map(([hh, mm]) => `${String(hh).padStart(2, '0')}:${mm}`);

/** UTC instant (ISO) of a Madrid date and `HH:mm`. */
const madridIso = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toUTC().toISO()!;

/** A future slot: `[start, start + minutes)` on one of the context's days. */
const slot = (c: FuzzContext, minutes: number[]) =>
  fc.tuple(fc.constantFrom(...c.days), hhmm, fc.constantFrom(...minutes)).map(([date, time, m]) => {
    const start = madridIso(date, time);
    return { date, start, end: new Date(Date.parse(start) + m * 60_000).toISOString() };
  });

/** A new e-mail (lower-case letters before `@klok.demo`). */
const newEmail = (prefix: string) => fc.stringMatching(/^[a-z]{4,12}$/).map((s) => `${prefix}-${s}@klok.demo`);

/** Every write route of `/api/v1` (the CI test fails when a route file exports a write that is missing here). */
export const WRITE_ENDPOINTS: WriteEndpoint[] = [
  {
    route: 'auth/email-link',
    method: 'POST',
    handler: h(emailLinkRoute.POST),
    valid: () => newEmail('enlace').map((email) => ({ params: {}, body: { email, next: '/reservar' } })),
  },
  {
    route: 'auth/logout',
    method: 'POST',
    handler: h(logoutRoute.POST),
    valid: () => fixed({ params: {} }),
    endsSession: true,
  },
  {
    route: 'employees/[employeeId]',
    method: 'PATCH',
    handler: h(employeeRoute.PATCH),
    valid: (c) =>
      fc.record({
        params: fc.constant({ employeeId: c.stylist }),
        body: fc.record(
          {
            name: fc.constantFrom('Marcos', 'Marcos Ruiz'),
            description: fc.constantFrom('', 'Estilista'),
            color: fc.constantFrom('#2FB8AC', '#F9A825'),
            week_shifts: fc.constant(WEEK),
            force: fc.boolean(),
          },
          { requiredKeys: ['name'] },
        ),
      }),
  },
  {
    route: 'employees/[employeeId]/services',
    method: 'PATCH',
    handler: h(employeeServicesRoute.PATCH),
    valid: (c) => fixed({ params: { employeeId: c.stylist }, body: { items: [c.serviceId] } }),
  },
  {
    route: 'facility/[facilityId]/activities/seen',
    method: 'PATCH',
    handler: h(activitiesSeenRoute.PATCH),
    valid: () => fc.integer({ min: 0, max: 50 }).map((id) => ({ params: F, body: { up_to_id: id } })),
  },
  {
    route: 'facility/[facilityId]/employees',
    method: 'POST',
    handler: h(facilityEmployeesRoute.POST),
    valid: () => newEmail('estilista').map((email) => ({ params: F, body: { name: 'Estilista Fuzz', email } })),
  },
  {
    route: 'facility/[facilityId]/employees/[employeeId]',
    method: 'DELETE',
    handler: h(facilityEmployeeRoute.DELETE),
    valid: (c) => fc.constantFrom(...c.victimStylists).map((employeeId) => ({ params: { ...F, employeeId } })),
  },
  {
    route: 'facility/[facilityId]/employees/[employeeId]/special-shifts',
    method: 'POST',
    handler: h(specialShiftsRoute.POST),
    valid: (c) =>
      fc.record({
        params: fc.constant({ ...F, employeeId: c.stylist }),
        body: fc.record({
          date: fc.constantFrom(...c.days),
          available: fc.constantFrom<Json>(true, false, 1, 0),
          shift: fc.constant<Json>([{ open: '10:00', close: '14:00' }]),
          notes: fc.constantFrom<Json>('Formación', null),
          force: fc.boolean(),
        }),
      }),
  },
  {
    route: 'facility/[facilityId]/employees/[employeeId]/special-shifts/[date]',
    method: 'DELETE',
    handler: h(specialShiftDateRoute.DELETE),
    valid: (c) =>
      fc
        .tuple(fc.constantFrom(...c.days), fc.constantFrom('true', 'false'))
        .map(([date, force]) => ({ params: { ...F, employeeId: c.stylist, date }, query: { force } })),
  },
  {
    route: 'facility/[facilityId]/services',
    method: 'POST',
    handler: h(servicesRoute.POST),
    valid: (c) =>
      fc.integer({ min: 1, max: 20 }).map((n) => ({
        params: F,
        body: {
          name: `Servicio fuzz ${n}`,
          description: 'Creado por el fuzz',
          price: n + 0.5,
          duration: n * 5 + 5,
          busy_slots: [{ startMinutes: 0, endMinutes: n * 5 + 5 }],
          employees: [c.stylist],
        },
      })),
  },
  {
    route: 'facility/[facilityId]/services/[serviceId]',
    method: 'PATCH',
    handler: h(serviceRoute.PATCH),
    valid: (c) =>
      fixed({
        params: { ...F, serviceId: String(c.serviceId) },
        body: { name: 'Corte de pelo', description: 'Corte', price: 15, duration: 30, busy_slots: [{ startMinutes: 0, endMinutes: 30 }] },
      }),
  },
  {
    route: 'facility/[facilityId]/services/[serviceId]',
    method: 'DELETE',
    handler: h(serviceRoute.DELETE),
    valid: (c) => fc.constantFrom(...c.victimServiceIds).map((id) => ({ params: { ...F, serviceId: String(id) } })),
  },
  {
    route: 'facility/[facilityId]/services/[serviceId]/employees',
    method: 'PATCH',
    handler: h(serviceEmployeesRoute.PATCH),
    valid: (c) => fixed({ params: { ...F, serviceId: String(c.serviceId) }, body: { employees: [c.stylist] } }),
  },
  {
    route: 'facility/[facilityId]/settings',
    method: 'PATCH',
    handler: h(settingsRoute.PATCH),
    valid: () =>
      fc
        .record(
          { automatic_reminders: fc.boolean(), phone_countries: fc.constantFrom<Json>(['ES'], ['ES', 'PT']) },
          { requiredKeys: ['automatic_reminders'] },
        )
        .map((body) => ({ params: F, body })),
  },
  {
    route: 'facility/[facilityId]/whatsapp',
    method: 'PUT',
    handler: h(whatsappSettingsRoute.PUT),
    valid: () =>
      fc
        .record({
          phone_number_id: fc.stringMatching(/^[0-9]{5,30}$/),
          access_token: fc.stringMatching(/^[A-Za-z0-9]{20,60}$/),
          app_secret: fc.stringMatching(/^[a-f0-9]{16,64}$/),
        })
        .map((body) => ({ params: F, body })),
  },
  {
    route: 'facility/[facilityId]/whatsapp',
    method: 'DELETE',
    handler: h(whatsappSettingsRoute.DELETE),
    valid: () => fixed({ params: F }),
  },
  {
    route: 'schedules/cancel/appointment',
    method: 'PATCH',
    handler: h(cancelAppointmentRoute.PATCH),
    valid: (c) =>
      fc.tuple(fc.constantFrom(...c.appointments), fc.option(fc.boolean(), { nil: undefined })).map(([a, wholeVisit]) => ({
        params: {},
        body: {
          appointment_id: a.id,
          date: a.date,
          facility_id: 1,
          employee_id: c.stylist,
          client_id: c.client,
          notes: 'Cancelada',
          ...(wholeVisit === undefined ? {} : { whole_visit: wholeVisit }),
        },
      })),
  },
  {
    route: 'schedules/delete/leave',
    method: 'PATCH',
    handler: h(deleteLeaveRoute.PATCH),
    valid: (c) =>
      fc.constantFrom(...c.leaves).map((l) => ({ params: {}, body: { id: l.id, employee_id: c.stylist, date: l.date, facility_id: 1 } })),
  },
  {
    route: 'schedules/insert/appointment',
    method: 'PATCH',
    handler: h(insertAppointmentRoute.PATCH),
    valid: (c, role) =>
      fc.tuple(slot(c, [30]), fc.option(fc.stringMatching(/^[A-Za-z0-9._:-]{8,64}$/), { nil: undefined })).map(([{ start, end }, key]): ValidRequest => ({
        params: {},
        headers: key === undefined ? undefined : { 'idempotency-key': key },
        body:
          role === 'client'
            ? { start_time: start, end_time: end, facility_id: 1, employee_id: c.stylist, service_id: c.serviceId, client_id: c.client, user_id: c.clientUserId, user_name: 'Ana' }
            : { start_time: start, facility_id: 1, employee_id: c.stylist, service_id: c.serviceId, client_id: c.client, client_name: 'Ana' },
      })),
  },
  {
    route: 'facility/[facilityId]/services/order',
    method: 'PUT',
    handler: h(serviceOrderRoute.PUT),
    valid: (c) => fc.shuffledSubarray([c.serviceId, ...c.victimServiceIds], { minLength: 1 }).map((ids) => ({ params: { facilityId: '1' }, body: { ids } })),
  },
  {
    route: 'holds',
    method: 'POST',
    handler: h(holdsRoute.POST),
    valid: (c) =>
      slot(c, [30]).map(({ start }): ValidRequest => ({ params: {}, body: { start_time: start, employee_id: c.stylist, service_ids: [c.serviceId] } })),
  },
  {
    route: 'schedules/insert/leave',
    method: 'PATCH',
    handler: h(insertLeaveRoute.PATCH),
    valid: (c) =>
      slot(c, [15, 30, 60]).map(({ start, end }) => ({
        params: {},
        body: { start_time: start, end_time: end, facility_id: 1, employee_id: c.stylist, notes: 'Médico' },
      })),
  },
  {
    route: 'actions/[token]',
    method: 'POST',
    handler: h(actionsRoute.POST),
    valid: () =>
      fc.tuple(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), fc.constantFrom('confirm', 'cancel', 'claim')).map(([token, action]) => ({
        params: { token },
        body: { action },
      })),
  },
  {
    // Meta's events, signed with the salon's app secret: the fuzzed salon has no WhatsApp connection, so every
    // case meets the signature check (401) or an earlier refusal, and nothing is written.
    route: 'webhooks/whatsapp',
    method: 'POST',
    handler: h(whatsappWebhookRoute.POST),
    valid: () =>
      fc
        .tuple(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom('confirm', 'cancel'), fc.uuid(), fc.constantFrom('delivered', 'read', 'failed'))
        .map(([hex, action, id, status]) => ({
          params: {},
          headers: { 'x-hub-signature-256': `sha256=${hex}` },
          body: {
            object: 'whatsapp_business_account',
            entry: [
              {
                id: '102290129340398',
                changes: [
                  {
                    field: 'messages',
                    value: {
                      messaging_product: 'whatsapp',
                      metadata: { display_phone_number: '34600000000', phone_number_id: '106540352242922' },
                      messages: [{ from: '34712345678', id: `wamid.${hex.slice(0, 24)}`, timestamp: '1700000000', type: 'button', button: { payload: `${action}:${id}`, text: 'Confirmo' } }],
                      statuses: [{ id: `wamid.${hex.slice(24, 48)}`, status, timestamp: '1700000000', recipient_id: '34712345678' }],
                    },
                  },
                ],
              },
            ],
          },
        })),
  },
  {
    route: 'users/[email]/waitlist',
    method: 'POST',
    handler: h(waitlistRoute.POST),
    valid: (c) =>
      fc
        .tuple(fc.constantFrom(...c.days), fc.constantFrom('morning', 'afternoon', 'any'), fc.constantFrom('any', c.stylist))
        .map(([day, part, employee]) => ({
          params: { email: c.client },
          body: { services: [c.serviceId], employee_id: employee, from: day, to: day, part_of_day: part },
        })),
  },
  {
    route: 'users/[email]/waitlist/[id]',
    method: 'DELETE',
    handler: h(waitlistEntryRoute.DELETE),
    valid: (c) => fc.uuid().map((id) => ({ params: { email: c.client, id } })),
  },
  {
    route: 'facility/[facilityId]/appointments/[id]/whatsapp',
    method: 'POST',
    handler: h(whatsappRoute.POST),
    valid: (c) => fc.constantFrom(...c.appointments).map((a) => ({ params: { facilityId: '1', id: a.id } })),
  },
  {
    route: 'facility/[facilityId]/waitlist/[id]/offers',
    method: 'POST',
    handler: h(waitlistOffersRoute.POST),
    valid: (c) =>
      fc.tuple(fc.uuid(), fc.constantFrom(...c.days), fc.constantFrom('any', c.stylist)).map(([id, day, employee]) => ({
        params: { facilityId: '1', id },
        body: { start_time: `${day}T10:00:00.000Z`, employee_id: employee },
      })),
  },
  {
    route: 'schedules/attendance/appointment',
    method: 'PATCH',
    handler: h(attendanceRoute.PATCH),
    valid: (c) =>
      fc.tuple(fc.constantFrom(...c.appointments), fc.constantFrom('attended', 'no_show', null)).map(([a, attendance]) => ({
        params: {},
        body: { appointment_id: a.id, attendance },
      })),
  },
  {
    route: 'schedules/move/appointment',
    method: 'PATCH',
    handler: h(moveAppointmentRoute.PATCH),
    valid: (c) =>
      fc.tuple(fc.constantFrom(...c.appointments), slot(c, [30]), fc.option(fc.boolean(), { nil: undefined })).map(([a, { start }, wholeVisit]) => ({
        params: {},
        body: { appointment_id: a.id, start_time: start, employee_id: c.stylist, facility_id: 1, ...(wholeVisit === undefined ? {} : { whole_visit: wholeVisit }) },
      })),
  },
  {
    route: 'users',
    method: 'POST',
    handler: h(usersRoute.POST),
    valid: () => newEmail('cliente').map((email) => ({ params: {}, body: { email } })),
  },
  {
    route: 'users/[email]',
    method: 'PATCH',
    handler: h(userRoute.PATCH),
    valid: (c, role) =>
      fixed({
        params: { email: c.client },
        body:
          role === 'client'
            ? { name: 'Ana', tutorial: true, privacy_policy: true, fcm_token: 'token-fuzz' }
            : { name: 'Ana', users: [{ name: 'Hija' }], n_appointments_allowed: 99 },
      }),
  },
  {
    route: 'users/[email]',
    method: 'DELETE',
    handler: h(userRoute.DELETE),
    valid: (c) => fc.constantFrom(...c.victimClients).map((email) => ({ params: { email } })),
  },
  {
    route: 'users/[email]/phone/code',
    method: 'POST',
    handler: h(phoneCodeRoute.POST),
    valid: (c, role) =>
      fc.stringMatching(/^[0-9]{8}$/).map((digits) => ({
        params: { email: role === 'client' ? c.client : c.admin },
        body: { tlf: `+34 6${digits}` },
      })),
  },
  {
    route: 'users/[email]/phone/verify',
    method: 'POST',
    handler: h(phoneVerifyRoute.POST),
    valid: (c, role) =>
      fc.stringMatching(/^[0-9]{6}$/).map((code) => ({ params: { email: role === 'client' ? c.client : c.admin }, body: { code } })),
  },
];

/** The name of an endpoint in reports: `PATCH /api/v1/users/[email]`. */
export const endpointName = (e: Pick<WriteEndpoint, 'method' | 'route'>) => `${e.method} /api/v1/${e.route}`;

// ---------------------------------------------------------------------------------------------------
// Generators

/** Strings a careless parser trips on: control characters, unicode edge cases, huge and empty ones. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0001\u001f\u007f',
    '\t\n\r',
    '\ud800',
    'a\udfffb',
    '\ufeff',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '👩‍👩‍👧‍👦',
    'Ñandú ÁÉÍÓÚ',
    'x'.repeat(10_000),
    '%00',
    '%ZZ',
    '../..',
    "'; drop table users; --",
    '{"a":1}',
    'null',
    'NaN',
    '-1',
    '1e309',
    '2147483648',
    '9'.repeat(400),
    '<script>alert(1)</script>',
    'admin@klok.demo\u0000',
    'ADMIN@KLOK.DEMO',
    ' cliente@klok.demo ',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '2024-02-29',
    '2023-02-29',
    '1970-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999-23:59',
    '2030-03-31T01:30:00+14:00',
    '2030-10-27T02:30:00+02:00',
    '2030-01-01T00:00:00.123456789012345678901234567890Z',
    '24:00',
    '23:59',
    '00:00',
    '12:07',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((s) => s + '\u0000'),
  fc.integer({ min: 255, max: 20_000 }).map((n) => 'é'.repeat(n)),
);

/** Numbers at the edges: zero, negatives, fractions, past a PostgreSQL `integer`, past safe integers, huge. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  // Whole numbers a PostgreSQL `integer` (or `bigint`) cannot hold: zod's `.int()` lets them through.
  fc.constantFrom(2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1, -(2 ** 53) + 1),
  fc.constantFrom(0, -0, -1, 0.5, 1.005, 2 ** 31 - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of a wrong type or an extreme one: huge, negative, fractional numbers, nasty strings. */
export const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  nastyString,
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MIN_VALUE,
    [],
    {},
    [null],
    { '': null },
    JSON.parse('{"__proto__":{"role":"admin"}}') as Json,
    ['x'.repeat(10_000)],
    Array.from({ length: 1_000 }, () => 0),
  ),
  nastyNumber,
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Every path into a JSON value (object keys and array indexes), the root excluded. */
function leafPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...leafPaths(v, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...leafPaths(v, [...prefix, k])]);
  return [];
}

/** A copy of `value` with the node at `path` replaced (`undefined`: removed). */
function setPath(value: Json, path: (string | number)[], next: Json | undefined): Json {
  if (path.length === 0) return next === undefined ? null : next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = setPath(copy[head as number] ?? null, rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && next === undefined) delete copy[head as string];
  else copy[head as string] = setPath(copy[head as string] ?? null, rest, next);
  return copy;
}

/** A nasty replacement for a node, most often of the node's own type (so it gets past the type check). */
function nastyLike(node: Json | undefined): fc.Arbitrary<Json> {
  if (typeof node === 'number') {
    return fc.oneof(
      { weight: 3, arbitrary: nastyNumber },
      { weight: 1, arbitrary: fc.constantFrom(node + 1, node - 1, node * 1000, -node, node + 0.5, String(node) as Json) },
      { weight: 1, arbitrary: nastyValue },
    );
  }
  if (typeof node === 'string') return fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: nastyValue });
  if (Array.isArray(node)) {
    return fc.oneof(
      fc.constant<Json>([]),
      fc.constant<Json>(Array.from({ length: 300 }, () => node[0] ?? null)),
      fc.constant<Json>([...node, ...node]),
      nastyValue,
    );
  }
  return nastyValue;
}

/** The node of `value` at `path`. */
function getPath(value: Json, path: (string | number)[]): Json | undefined {
  let node: Json | undefined = value;
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, Json>)[key as string] : undefined;
  return node;
}

/** The valid body with one node broken: replaced by a nasty value, removed, or an unknown field added. */
export function mutatedBody(valid: Json): fc.Arbitrary<Json> {
  const paths = leafPaths(valid);
  const replaced =
    paths.length === 0
      ? nastyValue
      : fc
          .constantFrom(...paths)
          .chain((p) => nastyLike(getPath(valid, p)).map((v) => setPath(valid, p, v)));
  const removed = paths.length === 0 ? fc.constant(valid) : fc.constantFrom(...paths).map((p) => setPath(valid, p, undefined));
  const extra =
    valid && typeof valid === 'object' && !Array.isArray(valid)
      ? fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'tenant_id', 'role'), fc.string()), nastyValue).map(([k, v]) => {
          const copy: Record<string, Json> = { ...(valid as Record<string, Json>) };
          Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
          return copy as Json;
        })
      : nastyValue;
  return fc.oneof({ weight: 6, arbitrary: replaced }, { weight: 1, arbitrary: removed }, { weight: 1, arbitrary: extra });
}

/** Text that is not JSON, or JSON a parser may mishandle (huge numbers, deep nesting, a BOM, two values). */
export function malformedText(valid: Json): fc.Arbitrary<string> {
  const text = JSON.stringify(valid) ?? '';
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '{',
      '}',
      '[',
      'undefined',
      "{'a':1}",
      '{"a":1,}',
      '{"a":1}{"b":2}',
      `\ufeff${text}`,
      `${text}\u0000`,
      `${text}garbage`,
      '1e999',
      '-1e999',
      `{"x":${'9'.repeat(500)}}`,
      '"\\ud800"',
      '"\\u0000"',
      '[' .repeat(5_000) + ']'.repeat(5_000),
      '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
      text.replace(/"/g, "'"),
      JSON.stringify({ ...(typeof valid === 'object' && valid && !Array.isArray(valid) ? valid : {}), pad: 'x'.repeat(70_000) }),
    ),
    fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n)),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** A path param value: what Next.js might pass for a segment (raw or still percent-encoded). */
export const nastyParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '%ZZ',
    '%',
    '%00',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    '\u0000',
    'a'.repeat(10_000),
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1',
    '01',
    ' 1',
    '2147483648',
    '9'.repeat(400),
    'Infinity',
    'NaN',
    '2024-02-30',
    '2025-13-01',
    '0000-01-01',
    '9999-12-31',
    'ÁÉ@x.es',
    'admin%40klok.demo',
    'cliente@klok.demo%00',
    'invitado@klok.invalid',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.emailAddress(),
  nastyString,
);

/** A query string (with the leading `?`): random pairs, repeated keys, brackets, bad percent escapes. */
export const nastyQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('?', '?force', '?force=', '?force=yes', '?force=true&force=false', '?force[]=true', '?%ZZ=1', '?a=%00', `?q=${'x'.repeat(10_000)}`),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('force', 'facilityId', 'id', '__proto__'), fc.string({ maxLength: 10 })), nastyString), {
      maxLength: 4,
    })
    .map((pairs) => `?${pairs.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')}`),
);

/** Content types and header sets other than a plain `application/json` body. */
export const oddHeaders: fc.Arbitrary<{ headers: Record<string, string>; form?: boolean }> = fc.oneof(
  fc.constantFrom<{ headers: Record<string, string>; form?: boolean }>(
    { headers: { 'content-type': 'text/plain' } },
    { headers: { 'content-type': 'text/plain;charset=UTF-8' } },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, form: true },
    { headers: { 'content-type': 'multipart/form-data; boundary=x' } },
    { headers: { 'content-type': 'application/xml' } },
    { headers: { 'content-type': 'application/json; charset=latin1' } },
    { headers: { 'content-type': 'application/json, text/plain' } },
    { headers: { 'content-type': '' } },
    { headers: {} },
    { headers: { 'content-type': 'application/json', 'content-length': '1' } },
    { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
    { headers: { 'content-type': 'application/json', 'x-forwarded-host': 'evil.example.com' } },
    { headers: { 'content-type': 'application/json', initiator: 'staff' } },
    { headers: { 'content-type': 'application/json', origin: 'https://evil.example' } },
    { headers: { 'content-type': 'application/json', origin: 'null' } },
    { headers: { 'content-type': 'application/json', origin: '%ZZ' } },
    { headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' } },
    { headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' } },
    { headers: { 'content-type': 'application/json', cookie: 'klok_session=%00garbage' } },
    { headers: { 'content-type': 'application/json', cookie: '' } },
    { headers: { 'content-type': 'application/json', host: 'evil.example.com' } },
    { headers: { 'content-type': 'application/json', 'x-klok-client-ip': '203.0.113.9' } },
    { headers: { 'content-type': 'application/json', 'idempotency-key': '' } },
    { headers: { 'content-type': 'application/json', 'idempotency-key': 'short' } },
    { headers: { 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(300) } },
    { headers: { 'content-type': 'application/json', 'idempotency-key': 'a key with spaces' } },
    { headers: { 'content-type': 'application/json', 'idempotency-key': '../../etc/passwd' } },
  ),
);

/** One fuzzed request: which kind of damage, and what is sent. */
export type FuzzCase = {
  kind: 'json' | 'fields' | 'mutated' | 'malformed' | 'params' | 'query' | 'headers' | 'valid';
  params: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  /** The raw body text (absent: no body). */
  body?: string;
};

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The generator of bad (and a few valid) requests to one endpoint for one caller. */
export function fuzzCases(e: WriteEndpoint, c: FuzzContext, role: Role): fc.Arbitrary<FuzzCase> {
  return e.valid(c, role).chain((v) => damaged(v));
}

/** The valid request as sent, and the damaged variants of it. */
function damaged(v: ValidRequest): fc.Arbitrary<FuzzCase> {
  const { params } = v;
  const validQuery = v.query ? `?${new URLSearchParams(v.query)}` : '';
  const valid: Json = v.body ?? {};
  const keys = valid && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : [];
  const withBody = (kind: FuzzCase['kind']) => (body: Json) => ({ kind, params, query: validQuery, headers: { ...JSON_HEADERS, ...v.headers }, body: JSON.stringify(body) });
  const base = {
    params,
    query: validQuery,
    headers: { ...(v.body !== undefined ? JSON_HEADERS : {}), ...v.headers },
    body: v.body !== undefined ? JSON.stringify(v.body) : undefined,
  };
  // Weighted towards one broken field of a valid body: it gets furthest into the services.
  const arbs: fc.WeightedArbitrary<FuzzCase>[] = [
    { weight: 1, arbitrary: fc.constant<FuzzCase>({ kind: 'valid', ...base }) },
    { weight: 1, arbitrary: (fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<Json>).map(withBody('json')) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.oneof(fc.constantFrom(...(keys.length ? keys : ['x'])), fc.string({ maxLength: 8 })), nastyValue, { maxKeys: 6 })
        .map((d) => withBody('fields')(d as Json)),
    },
    { weight: v.body !== undefined ? 8 : 1, arbitrary: mutatedBody(valid).map(withBody('mutated')) },
    { weight: 1, arbitrary: malformedText(valid).map((body): FuzzCase => ({ kind: 'malformed', params, query: validQuery, headers: JSON_HEADERS, body })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(nastyQuery.map((q) => (validQuery ? `${validQuery}&${q.slice(1)}` : q)), nastyQuery)
        .map((query): FuzzCase => ({ kind: 'query', ...base, query })),
    },
    {
      weight: 1,
      arbitrary: oddHeaders.map(
        ({ headers, form }): FuzzCase => ({
          kind: 'headers',
          ...base,
          headers,
          body: form ? new URLSearchParams(Object.entries(keys.length ? valid! : {}).map(([k, x]) => [k, String(x)])).toString() : base.body,
        }),
      ),
    },
  ];
  const paramNames = Object.keys(params);
  if (paramNames.length > 0) {
    arbs.push({
      weight: v.body !== undefined ? 2 : 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...paramNames), nastyParam)
        .map(([name, value]): FuzzCase => ({ kind: 'params', ...base, params: { ...params, [name]: value } })),
    });
  }
  return fc.oneof(...arbs);
}

/** `encodeURIComponent` that never throws (lone surrogates become `%EF%BF%BD`). */
export function safeEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/** The URL path of an endpoint with its params filled in (encoded; the handler reads `params`, not the path). */
export function pathOf(e: WriteEndpoint, params: Record<string, string>): string {
  return `/api/v1/${e.route}`.replace(/\[([^\]]+)\]/g, (_m, name: string) => safeEncode(params[name] ?? ''));
}

/** An answer as the test sees it: status, content type and the raw text. */
export type Answer = { status: number; contentType: string; text: string };

/** Sends one fuzzed request to the endpoint's handler in-process, as `cookie`'s owner on the `klok` tenant. */
export async function send(e: WriteEndpoint, request: FuzzCase, cookie: string): Promise<Answer> {
  const headers = new Headers({ host: 'localhost:3000', cookie });
  for (const [k, v] of Object.entries(request.headers)) headers.set(k, v);
  const req = new NextRequest(`http://localhost:3000${pathOf(e, request.params)}${request.query}`, {
    method: e.method,
    headers,
    body: request.body,
  });
  const res = await e.handler(req, { params: Promise.resolve(request.params) });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Why an answer breaks the contract for bad input (null when it keeps it): a 5xx, or an error without the error shape. */
export function contractViolation(a: Answer): string | null {
  if (a.status >= 500) return `answered ${a.status}: ${a.text.slice(0, 300)}`;
  if (a.status >= 200 && a.status < 300) return null;
  if (a.status >= 300 && a.status < 400) return `answered a redirect ${a.status}`;
  if (!/^application\/json\b/.test(a.contentType)) return `error ${a.status} with content type "${a.contentType}"`;
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    return `error ${a.status} whose body is not JSON: ${a.text.slice(0, 200)}`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || !error.code || typeof error.message !== 'string' || !error.message.trim()) {
    return `error ${a.status} without { error: { code, message } }: ${a.text.slice(0, 200)}`;
  }
  return null;
}
