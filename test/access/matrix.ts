/**
 * The access matrix of `/api/v1`: every route × method × role with the status it must answer.
 * One table, two runners: test/api/access-matrix.test.ts (in-process, PGlite and PostgreSQL) and
 * e2e/access-matrix.spec.ts (the started app). Both talk to the API through `MatrixApi`, so the per-cell
 * setups here only use the API itself (as the admin, or as the client for its own phone code).
 *
 * Roles (columns):
 * - `anon`: no session.
 * - `client`: cliente@klok.demo (Ana). The URLs name her resources: her user, appointments, export.
 * - `otherClient`: another client of klok, with no relation to those resources (the IDOR column).
 * - `employee`: marcos@klok.demo. `admin`: admin@klok.demo.
 * - `foreignStaff`: the admin of the second tenant `salon2` calling klok's host: its cookie belongs to
 *   another tenant, so klok treats it as no session (401; public routes answer as to anyone).
 * - `foreignHome`: the same salon2 admin on salon2's own host, with klok's ids and e-mails in the URLs and
 *   bodies: klok's resources do not exist there (404), routes without klok ids serve salon2's own data.
 *
 * Where spec and decisions leave the answer open, the table holds the secure one and says why in `note`:
 * a client reaching another client's user gets 403 (`assertSelfOrStaff`, applied consistently), an
 * employee on an admin-only action 403 (decisions "Admin-only actions").
 */
import { DateTime } from 'luxon';
import { ZONE } from '@/lib/domain/time';

export const ROLES = ['anon', 'client', 'otherClient', 'employee', 'admin', 'foreignStaff', 'foreignHome'] as const;
export type Role = (typeof ROLES)[number];
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Expect = Record<Role, number>;

/**
 * The demo people of klok, the other client and the second tenant's staff member. Ana has finished
 * onboarding; the other client, a first sign-in, has not (every write of it but onboarding itself is 403).
 */
export const PEOPLE = {
  client: { email: 'cliente@klok.demo', name: 'Ana García', phone: '+34612345678', subUser: 'Leo García' },
  otherClient: { email: 'otro.matriz@klok.test', name: 'Otro Matriz' },
  employee: { email: 'marcos@klok.demo', name: 'Marcos Ruiz' },
  admin: { email: 'admin@klok.demo', name: 'Lucía Martín' },
  stylist2: 'sara@klok.demo',
  guest: 'invitado@klok.invalid',
  foreignStaff: { tenant: 'salon2', email: 'admin@salon2.demo' },
} as const;

/** An API answer: status and parsed JSON (null when empty or not JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
export type Answer = { status: number; body: any; text: string };

/** How the runners reach the API; both implement it (in-process `call()`, or HTTP against the app). */
export interface MatrixApi {
  /**
   * One request as `role` (its session cookie; klok's host, or salon2's for `foreignHome`). `fresh`
   * asks for a session opened just for this call when the transport can (the logout rows end it).
   */
  call(role: Role, method: Method, path: string, body?: unknown, opts?: { fresh?: boolean; headers?: Record<string, string> }): Promise<Answer>;
  /** The latest development SMS code sent to an E.164 phone. */
  smsCode(phone: string): Promise<string>;
}

/** What the global setup (`prepare`) found or created, shared by every cell. */
export type Fixture = {
  /** Ana's user id (her own "user" in the client booking flow). */
  clientId: string;
  /** Seeded service "Corte de pelo". */
  corteId: number;
  corteDuration: number;
  /** A stylist created for the matrix (so schedules of the demo stylists stay as they are). */
  stylist: string;
  /** A service created for the matrix, offered by `stylist`. */
  serviceId: number;
  /** A free hour of Sara for Corte de pelo inside the client's 30-day window (UTC ISO). */
  slot: string;
  /**
   * Free hours of Sara for Corte de pelo on another day of the window, none overlapping another (UTC ISO):
   * each hold cell holds its own, so holds of one role never stand in another's way.
   */
  holdSlots: string[];
  /** A Madrid date (YYYY-MM-DD) a few days ahead. */
  day: string;
  /** Unique tag of this run (e-mails and names of created things). */
  tag: string;
};

/** One cell's context: the fixture, the role, a sequence number unique in the run, the setup's values. */
export type Cell = { f: Fixture; role: Role; seq: number; v: Record<string, string | number> };

export type Row = {
  method: Method;
  /** The route as in the OpenAPI document: `/api/v1/users/{email}`. */
  route: string;
  /** The concrete URL (klok's real ids and e-mails); may use the cell's setup values. */
  path: string | ((c: Cell) => string);
  /** A body that makes the request succeed for the allowed roles (a JSON object, or built per cell). */
  body?: Record<string, unknown> | ((c: Cell) => Record<string, unknown>);
  /** Extra request headers the route reads (e.g. `idempotency-key`). */
  headers?: Record<string, string> | ((c: Cell) => Record<string, string>);
  expect: Expect;
  /** Why the row exists or why a cell expects what it does. */
  note?: string;
  /** Creates what the cell needs (fresh per cell: destructive rows never share a resource). */
  setup?: (api: MatrixApi, c: Omit<Cell, 'v'>) => Promise<Record<string, string | number>>;
  /** Undoes what the cell created or left behind (run after the cell, whatever it answered). */
  cleanup?: (api: MatrixApi, c: Cell, answer: Answer) => Promise<void>;
  /** The call ends the caller's session (logout): fresh sessions where possible, run after every other row. */
  endsSession?: boolean;
  /** Announced but maybe not served yet: skipped (and reported) while the route does not export the method. */
  upcoming?: string;
};

/* --------------------------------------------------------------------------------------------- */
/* Expectation shorthands                                                                         */
/* --------------------------------------------------------------------------------------------- */

/** Public: the same answer for everyone. */
const everyone = (s: number): Expect => ({ anon: s, client: s, otherClient: s, employee: s, admin: s, foreignStaff: s, foreignHome: s });
/**
 * Open to visitors (beyond-the-spec section 1): anyone of the host's tenant, with or without a session
 * (salon2's cookie on klok is a visitor there); salon2's admin on its own host answers for salon2.
 */
const visitors = (s: number, home: number): Expect => ({ anon: s, client: s, otherClient: s, employee: s, admin: s, foreignStaff: s, foreignHome: home });
/** Any signed-in user of the tenant. */
const anyUser = (s: number, home: number): Expect => ({ anon: 401, client: s, otherClient: s, employee: s, admin: s, foreignStaff: 401, foreignHome: home });
/** Staff only (employee and admin alike, spec section 6). */
const staffOnly = (s: number, home: number): Expect => ({ anon: 401, client: 403, otherClient: 403, employee: s, admin: s, foreignStaff: 401, foreignHome: home });
/** Admins only (decisions "Admin-only actions"). */
const adminOnly = (s: number, home: number): Expect => ({ anon: 401, client: 403, otherClient: 403, employee: 403, admin: s, foreignStaff: 401, foreignHome: home });
/** Ana's own resource: she and staff reach it, another client gets 403, salon2 does not have it. */
const ownOrStaff = (s: number): Expect => ({ anon: 401, client: s, otherClient: 403, employee: s, admin: s, foreignStaff: 401, foreignHome: 404 });

/* --------------------------------------------------------------------------------------------- */
/* Helpers of setups                                                                              */
/* --------------------------------------------------------------------------------------------- */

const madrid = (daysAhead: number) => DateTime.now().setZone(ZONE).startOf('day').plus({ days: daysAhead });
/** A Madrid date `daysAhead` days from today (YYYY-MM-DD), for waitlist ranges. */
const waitlistDay = (daysAhead: number) => madrid(daysAhead).toFormat('yyyy-MM-dd');

async function must(p: Promise<Answer>, what: string, ok: number[] = [200, 201]): Promise<Answer> {
  const a = await p;
  if (!ok.includes(a.status)) throw new Error(`matrix setup: ${what} answered ${a.status}: ${a.text.slice(0, 300)}`);
  return a;
}

const serviceInfo = (name: string) => ({
  name,
  description: 'Servicio de la matriz de acceso',
  price: 10,
  duration: 30,
  busy_slots: [{ startMinutes: 0, endMinutes: 30 }],
});
const serviceBody = (name: string, stylist: string) => ({ ...serviceInfo(name), employees: [stylist] });

/** Cancels every pending appointment of Ana (as the admin). */
async function clearClientPending(api: MatrixApi): Promise<void> {
  const pending = await must(api.call('admin', 'GET', `/api/v1/users/${PEOPLE.client.email}/appointments/pending`), 'pending');
  for (const a of pending.body.items as { id: string }[]) {
    await must(
      api.call('admin', 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: a.id, facility_id: 1, notes: 'Matriz de acceso' }),
      'cancel',
      [200, 409],
    );
  }
}

/**
 * The routes onboarding itself uses (spec section 4) and the sign-in ones: a client who has not verified a
 * phone and accepted the privacy policy may still write to them (e.g. ask a sign-in link for another
 * address); every other client write answers 403 `onboarding_required`.
 */
export const ONBOARDING_ROUTES: readonly string[] = [
  'POST /api/v1/users/{email}/phone/code',
  'POST /api/v1/users/{email}/phone/verify',
  'PATCH /api/v1/users/{email}',
  'POST /api/v1/auth/email-link',
  'GET /api/v1/auth/logout',
  'POST /api/v1/auth/logout',
  // Action links need no session at all: the token is the proof (beyond-the-spec section 3).
  'POST /api/v1/actions/{token}',
  // Meta's webhook calls come from its servers, signed: no session, no onboarding (beyond-the-spec section 5).
  'POST /api/v1/webhooks/whatsapp',
];

/** Cancels an appointment if it is still pending (cleanup). */
async function cancelIfBooked(api: MatrixApi, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  await api.call('admin', 'PATCH', '/api/v1/schedules/cancel/appointment', { appointment_id: id, facility_id: 1, notes: 'Matriz de acceso' });
}

/** The booking body both flows accept: the client flow reads client_id/user_id, the staff flow client_id/client_name. */
const bookingForClient = (c: Cell) => ({
  start_time: c.f.slot,
  facility_id: 1,
  employee_id: PEOPLE.stylist2,
  service_id: c.f.corteId,
  client_id: PEOPLE.client.email,
  user_id: c.f.clientId,
  user_name: PEOPLE.client.name,
  client_name: PEOPLE.client.name,
});

/**
 * The global setup, through the API as the admin: Ana's id, the seeded Corte de pelo, a matrix stylist
 * and service, a free hour of Sara for Ana's bookings; Ana starts without pending appointments.
 */
export async function prepare(api: MatrixApi): Promise<Fixture> {
  const tag = `m${Date.now().toString(36)}`;
  const me = await must(api.call('admin', 'GET', `/api/v1/users/${PEOPLE.client.email}`), 'read client');
  const services = await must(api.call('admin', 'GET', '/api/v1/facility/1/services'), 'services');
  const corte = (services.body.items as { id: number; name: string; duration: number }[]).find((s) => s.name === 'Corte de pelo');
  if (!corte) throw new Error('matrix setup: no Corte de pelo');
  const stylist = `estilista.${tag}@klok.test`;
  await must(api.call('admin', 'POST', '/api/v1/facility/1/employees', { name: 'Estilista Matriz', email: stylist }), 'add stylist');
  const service = await must(api.call('admin', 'POST', '/api/v1/facility/1/services', serviceBody(`Matriz ${tag}`, stylist)), 'add service');
  await clearClientPending(api);
  // A weekday 20–26 days ahead: inside the client's 30-day window, away from the days other suites use.
  let slot: string | undefined;
  const holdSlots: string[] = [];
  for (let d = 20; d <= 26 && (!slot || holdSlots.length === 0); d++) {
    const date = madrid(d);
    if (date.weekday > 5) continue;
    const day = date.toFormat('yyyy-MM-dd');
    const hours = await must(
      api.call('admin', 'GET', `/api/v1/facility/1/${day}/${PEOPLE.stylist2}/appointments/available?serviceDuration=${corte.duration}&serviceId=${corte.id}`),
      'availability',
    );
    const starts = (hours.body.items as { hours: { start_time: string }[] }[]).flatMap((g) => g.hours).map((h) => h.start_time);
    if (!slot) {
      slot = starts.at(-1);
      continue;
    }
    // Starts one service apart, so no two holds overlap.
    for (const s of starts) {
      const last = holdSlots.at(-1);
      if (!last || Date.parse(s) >= Date.parse(last) + corte.duration * 60_000) holdSlots.push(s);
    }
  }
  if (!slot) throw new Error('matrix setup: no free hour for Sara');
  if (holdSlots.length === 0) throw new Error('matrix setup: no second day of free hours for Sara');
  let day = madrid(3);
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return {
    clientId: me.body.data.id,
    corteId: corte.id,
    corteDuration: corte.duration,
    stylist,
    serviceId: service.body.data.id,
    slot,
    holdSlots,
    day: day.toFormat('yyyy-MM-dd'),
    tag,
  };
}

/** Leaves the data as the other suites expect it: no pending appointments of Ana, the matrix stylist and service gone. */
export async function teardown(api: MatrixApi, f: Fixture): Promise<void> {
  await clearClientPending(api);
  await api.call('admin', 'DELETE', `/api/v1/facility/1/services/${f.serviceId}`);
  await api.call('admin', 'DELETE', `/api/v1/facility/1/employees/${f.stylist}`);
}

/* --------------------------------------------------------------------------------------------- */
/* The table                                                                                      */
/* --------------------------------------------------------------------------------------------- */

const ANA = PEOPLE.client.email;

export const ROWS: Row[] = [
  /* Sign-in, session and the document: public. */
  { method: 'GET', route: '/api/v1/openapi.json', path: '/api/v1/openapi.json', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/v1/session',
    path: '/api/v1/session',
    expect: { anon: 404, client: 200, otherClient: 200, employee: 200, admin: 200, foreignStaff: 404, foreignHome: 200 },
    note: 'spec section 7: 404 means not signed in; a salon2 cookie is no session on klok',
  },
  {
    method: 'GET',
    route: '/api/v1/auth/google/callback',
    path: '/api/v1/auth/google/callback?code=matriz&state=matriz',
    expect: everyone(302),
    note: 'no sign-in transaction: 302 to /login?error=1, no session opened',
  },
  { method: 'GET', route: '/api/v1/auth/google', path: '/api/v1/auth/google', expect: everyone(302), note: '302 to the identity provider' },
  {
    method: 'POST',
    route: '/api/v1/auth/email-link',
    path: '/api/v1/auth/email-link',
    body: (c) => ({ email: `enlace-${c.f.tag}-${c.seq}@klok.test` }),
    expect: everyone(202),
    note: 'public: the same 202 for any address (no account enumeration); one address per cell, so its limit is not spent',
  },
  {
    method: 'GET',
    route: '/api/v1/auth/email-link/callback',
    path: '/api/v1/auth/email-link/callback?token=matriz',
    expect: everyone(302),
    note: 'unknown token: 302 to /login?error=link, no session opened',
  },

  {
    method: 'PUT',
    route: '/api/v1/facility/{facilityId}/services/order',
    path: '/api/v1/facility/1/services/order',
    setup: async (api) => {
      const list = await must(api.call('admin', 'GET', '/api/v1/facility/1/services'), 'services');
      return { ids: (list.body.items as { id: number }[]).map((s) => s.id).join(',') };
    },
    body: (c) => ({ ids: String(c.v.ids).split(',').map(Number) }),
    expect: staffOnly(200, 409),
    note: 'the same order back (nothing moves); salon2: klok\u2019s ids are not its services (409)',
  },

  /* Holds (beyond-the-spec section 1). */
  {
    method: 'POST',
    route: '/api/v1/holds',
    path: '/api/v1/holds',
    body: (c) => ({ start_time: c.f.holdSlots[c.seq % c.f.holdSlots.length], employee_id: PEOPLE.stylist2, service_ids: [c.f.corteId] }),
    expect: { anon: 201, client: 201, otherClient: 403, employee: 403, admin: 403, foreignStaff: 201, foreignHome: 403 },
    note: 'visitors and clients hold an hour; staff book directly (403, salon2 staff on its own host too); the other client has not finished onboarding (403)',
  },

  /* Action links (beyond-the-spec section 3): the token is the proof; a token nobody was sent is unknown to all. */
  {
    method: 'GET',
    route: '/api/v1/actions/{token}',
    path: `/api/v1/actions/${'A'.repeat(43)}`,
    expect: everyone(404),
    note: 'no session needed; an unknown token (or another salon\u2019s) is 404 for everyone',
  },
  {
    method: 'POST',
    route: '/api/v1/actions/{token}',
    path: `/api/v1/actions/${'A'.repeat(43)}`,
    body: { action: 'confirm' },
    expect: everyone(404),
    note: 'no session needed; an unknown token is 404 for everyone',
  },

  /* Facility and services. */
  { method: 'GET', route: '/api/v1/facility', path: '/api/v1/facility', expect: anyUser(200, 200) },
  { method: 'GET', route: '/api/v1/facility/{facilityId}', path: '/api/v1/facility/1', expect: anyUser(200, 200) },
  { method: 'GET', route: '/api/v1/facility/{facilityId}/services', path: '/api/v1/facility/1/services?associated=true', expect: visitors(200, 200) },
  {
    method: 'POST',
    route: '/api/v1/facility/{facilityId}/services',
    path: '/api/v1/facility/1/services',
    body: (c) => serviceBody(`Matriz ${c.f.tag} ${c.seq}`, c.f.stylist),
    expect: staffOnly(201, 422),
    note: 'salon2: a klok stylist is no staff member there (422)',
    cleanup: async (api, c, a) => {
      if (a.status === 201) await api.call(c.role === 'foreignHome' ? 'foreignHome' : 'admin', 'DELETE', `/api/v1/facility/1/services/${a.body.data.id}`);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/services/{serviceId}',
    path: (c) => `/api/v1/facility/1/services/${c.f.serviceId}`,
    expect: anyUser(200, 404),
  },
  {
    method: 'PATCH',
    route: '/api/v1/facility/{facilityId}/services/{serviceId}',
    path: (c) => `/api/v1/facility/1/services/${c.f.serviceId}`,
    body: (c) => serviceInfo(`Matriz ${c.f.tag}`),
    expect: staffOnly(200, 404),
  },
  {
    method: 'PATCH',
    route: '/api/v1/facility/{facilityId}/services/{serviceId}/employees',
    path: (c) => `/api/v1/facility/1/services/${c.f.serviceId}/employees`,
    body: (c) => ({ employees: [c.f.stylist] }),
    expect: staffOnly(200, 404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/facility/{facilityId}/services/{serviceId}',
    path: (c) => `/api/v1/facility/1/services/${c.v.service}`,
    setup: async (api, c) => {
      const a = await must(api.call('admin', 'POST', '/api/v1/facility/1/services', serviceBody(`Borrable ${c.f.tag} ${c.seq}`, c.f.stylist)), 'add service');
      return { service: a.body.data.id };
    },
    cleanup: async (api, c) => {
      await api.call('admin', 'DELETE', `/api/v1/facility/1/services/${c.v.service}`);
    },
    expect: staffOnly(201, 404),
    note: 'a fresh service per cell',
  },

  /* Employees. */
  { method: 'GET', route: '/api/v1/facility/{facilityId}/employees', path: '/api/v1/facility/1/employees', expect: visitors(200, 200) },
  {
    method: 'POST',
    route: '/api/v1/facility/{facilityId}/employees',
    path: '/api/v1/facility/1/employees',
    body: (c) => ({ name: 'Estilista Nueva', email: `nueva.${c.f.tag}.${c.seq}@klok.test` }),
    expect: adminOnly(201, 201),
    note: 'decisions "Admin-only actions"; salon2 adds a stylist to its own salon',
    cleanup: async (api, c, a) => {
      if (a.status === 201) await api.call(c.role === 'foreignHome' ? 'foreignHome' : 'admin', 'DELETE', `/api/v1/facility/1/employees/${a.body.data.email}`);
    },
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/employee/{employeeId}',
    path: (c) => `/api/v1/facility/1/employee/${c.f.stylist}`,
    expect: anyUser(200, 404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/facility/{facilityId}/employees/{employeeId}',
    path: (c) => `/api/v1/facility/1/employees/${c.v.email}`,
    setup: async (api, c) => {
      const email = `borrable.${c.f.tag}.${c.seq}@klok.test`;
      await must(api.call('admin', 'POST', '/api/v1/facility/1/employees', { name: 'Estilista Borrable', email }), 'add stylist');
      return { email };
    },
    cleanup: async (api, c) => {
      await api.call('admin', 'DELETE', `/api/v1/facility/1/employees/${c.v.email}`);
    },
    expect: adminOnly(200, 404),
    note: 'decisions "Admin-only actions"; a fresh stylist per cell',
  },
  {
    method: 'POST',
    route: '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts',
    path: (c) => `/api/v1/facility/1/employees/${c.f.stylist}/special-shifts`,
    body: (c) => ({ date: madrid(120 + c.seq).toFormat('yyyy-MM-dd'), available: false, notes: 'Matriz' }),
    expect: staffOnly(201, 404),
  },
  {
    method: 'DELETE',
    route: '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts/{date}',
    path: (c) => `/api/v1/facility/1/employees/${c.f.stylist}/special-shifts/${c.v.date}`,
    setup: async (api, c) => {
      const date = madrid(120 + c.seq).toFormat('yyyy-MM-dd');
      await must(
        api.call('admin', 'POST', `/api/v1/facility/1/employees/${c.f.stylist}/special-shifts`, { date, available: false, notes: 'Matriz' }),
        'special shift',
      );
      return { date };
    },
    expect: staffOnly(200, 404),
    note: 'a fresh special shift per cell',
  },
  {
    method: 'PATCH',
    route: '/api/v1/employees/{employeeId}',
    path: (c) => `/api/v1/employees/${c.f.stylist}`,
    body: { description: 'Perfil de la matriz de acceso' },
    expect: staffOnly(201, 404),
    note: 'spec section 6: employees and admins edit stylists alike (name, description, colour, shifts)',
  },
  {
    method: 'PATCH',
    route: '/api/v1/employees/{employeeId}',
    path: `/api/v1/employees/${PEOPLE.employee.email}`,
    body: { fcm_token: null },
    expect: { anon: 401, client: 403, otherClient: 403, employee: 201, admin: 403, foreignStaff: 401, foreignHome: 404 },
    note: "a push token is the stylist's own: the admin cannot set Marcos's (403)",
  },
  {
    method: 'PATCH',
    route: '/api/v1/employees/{employeeId}/services',
    path: (c) => `/api/v1/employees/${c.f.stylist}/services`,
    body: (c) => ({ items: [c.f.serviceId] }),
    expect: staffOnly(201, 404),
  },

  /* Availability, agenda, activities, settings. */
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/{date}/{employeeEmail}/appointments/available',
    path: (c) => `/api/v1/facility/1/${c.f.day}/${c.f.stylist}/appointments/available?serviceDuration=30`,
    expect: visitors(200, 404),
    note: "visitors read free hours (beyond-the-spec section 1); klok's stylist does not exist in salon2",
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/{date}/{employeeEmail}/appointments/available',
    path: (c) =>
      `/api/v1/facility/1/${c.f.day}/${PEOPLE.stylist2}/appointments/available?serviceDuration=${c.f.corteDuration}` +
      `&serviceId=${c.f.corteId}&appointmentId=${c.v.appointment}`,
    setup: async (api, c) => {
      const a = await must(api.call('admin', 'PATCH', '/api/v1/schedules/insert/appointment', bookingForClient({ ...c, v: {} })), 'book');
      return { appointment: a.body.data.event_id };
    },
    cleanup: async (api, c) => cancelIfBooked(api, c.v.appointment),
    expect: { anon: 403, client: 403, otherClient: 403, employee: 200, admin: 200, foreignStaff: 403, foreignHome: 404 },
    note: "`appointmentId` (Cambiar hora's free hours) is staff only: visitors and Ana, even for her own appointment, get 403; salon2 has no such appointment (404)",
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/appointments',
    path: (c) => `/api/v1/facility/1/appointments?startDate=${c.f.day}&endDate=${c.f.day}`,
    expect: staffOnly(200, 200),
    note: "salon2 gets its own agenda (no klok data: checked by the leak rule)",
  },
  { method: 'GET', route: '/api/v1/facility/{facilityId}/activities', path: '/api/v1/facility/1/activities?limit=5', expect: staffOnly(200, 200) },
  {
    method: 'PATCH',
    route: '/api/v1/facility/{facilityId}/activities/seen',
    path: '/api/v1/facility/1/activities/seen',
    body: { up_to_id: 0 },
    expect: staffOnly(200, 200),
    note: 'the watermark only moves forward: 0 changes nothing',
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/reports/summary',
    path: (c) => `/api/v1/facility/1/reports/summary?from=${c.f.day}&to=${c.f.day}`,
    expect: staffOnly(200, 200),
    note: "beyond-the-spec section 6: the owner's summary is staff's (Resumen); salon2 gets its own figures",
  },
  {
    method: 'GET',
    route: '/api/v1/facility/{facilityId}/reports/appointments.csv',
    path: (c) => `/api/v1/facility/1/reports/appointments.csv?from=${c.f.day}&to=${c.f.day}`,
    expect: adminOnly(200, 200),
    note: "beyond-the-spec section 6: the accountant's CSV holds every client's name and price: admins only",
  },
  { method: 'GET', route: '/api/v1/facility/{facilityId}/settings', path: '/api/v1/facility/1/settings', expect: staffOnly(200, 200) },
  {
    method: 'PATCH',
    route: '/api/v1/facility/{facilityId}/settings',
    path: '/api/v1/facility/1/settings',
    body: { automatic_reminders: true },
    expect: adminOnly(200, 200),
    note: 'decisions "Admin-only actions" (tenant settings); true is the default, so nothing changes',
  },
  { method: 'GET', route: '/api/v1/facility/{facilityId}/whatsapp', path: '/api/v1/facility/1/whatsapp', expect: adminOnly(200, 200) },
  {
    method: 'PUT',
    route: '/api/v1/facility/{facilityId}/whatsapp',
    path: '/api/v1/facility/1/whatsapp',
    body: { phone_number_id: '109876543210987', access_token: 'EAAGmatrizTokenDePrueba0123456789', app_secret: 'secretomatriz0123456789abcdef' },
    expect: adminOnly(200, 200),
    note: 'WhatsApp Business connection (beyond-the-spec section 5), admins only; salon2 connects its own; the cell disconnects again',
    cleanup: async (api, c) => {
      await api.call(c.role === 'foreignHome' ? 'foreignHome' : 'admin', 'DELETE', '/api/v1/facility/1/whatsapp');
    },
  },
  {
    method: 'DELETE',
    route: '/api/v1/facility/{facilityId}/whatsapp',
    path: '/api/v1/facility/1/whatsapp',
    expect: adminOnly(204, 204),
    note: 'disconnecting a tenant without a connection answers 204 too',
  },

  /* Schedules. */
  {
    method: 'PATCH',
    route: '/api/v1/schedules/insert/appointment',
    path: '/api/v1/schedules/insert/appointment',
    body: bookingForClient,
    expect: { anon: 401, client: 201, otherClient: 403, employee: 201, admin: 201, foreignStaff: 401, foreignHome: 404 },
    note: "booking for Ana: she books for herself, staff for her; another client naming Ana's account gets 403",
    cleanup: async (api, _c, a) => cancelIfBooked(api, a.body?.data?.event_id),
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/insert/appointment',
    path: '/api/v1/schedules/insert/appointment',
    body: bookingForClient,
    headers: (c) => ({ 'idempotency-key': `matriz-${c.f.tag}` }),
    expect: { anon: 401, client: 201, otherClient: 403, employee: 201, admin: 201, foreignStaff: 401, foreignHome: 404 },
    note: 'the same booking with one Idempotency-Key for every role: keys belong to an account, so each caller is judged on its own',
    cleanup: async (api, _c, a) => cancelIfBooked(api, a.body?.data?.event_id),
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/insert/appointment',
    path: '/api/v1/schedules/insert/appointment',
    body: (c) => ({ start_time: c.f.slot, facility_id: 1, employee_id: PEOPLE.stylist2, service_id: c.f.corteId, client_id: ANA, client_name: PEOPLE.client.name }),
    expect: { anon: 401, client: 400, otherClient: 403, employee: 201, admin: 201, foreignStaff: 401, foreignHome: 404 },
    note:
      'the staff flow body (no user_id): a client session always gets the client flow, which refuses it (400); ' +
      'the other client has not onboarded, so no write of it gets that far (403 onboarding_required)',
    cleanup: async (api, _c, a) => cancelIfBooked(api, a.body?.data?.event_id),
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/insert/leave',
    path: '/api/v1/schedules/insert/leave',
    body: (c) => {
      const start = madrid(40).toMillis() + c.seq * 3_600_000;
      return { start_time: new Date(start).toISOString(), end_time: new Date(start + 1_800_000).toISOString(), facility_id: 1, employee_id: c.f.stylist };
    },
    expect: staffOnly(201, 404),
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/delete/leave',
    path: '/api/v1/schedules/delete/leave',
    setup: async (api, c) => {
      const start = madrid(40).toMillis() + c.seq * 3_600_000;
      const a = await must(
        api.call('admin', 'PATCH', '/api/v1/schedules/insert/leave', {
          start_time: new Date(start).toISOString(),
          end_time: new Date(start + 1_800_000).toISOString(),
          facility_id: 1,
          employee_id: c.f.stylist,
        }),
        'leave',
      );
      return { leave: a.body.data.event_id };
    },
    body: (c) => ({ id: c.v.leave, employee_id: c.f.stylist, facility_id: 1 }),
    expect: staffOnly(201, 404),
    note: 'a fresh leave per cell',
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/cancel/appointment',
    path: '/api/v1/schedules/cancel/appointment',
    setup: async (api, c) => {
      const a = await must(api.call('admin', 'PATCH', '/api/v1/schedules/insert/appointment', bookingForClient({ ...c, v: {} })), 'book');
      return { appointment: a.body.data.event_id };
    },
    body: (c) => ({ appointment_id: c.v.appointment, facility_id: 1, employee_id: PEOPLE.stylist2, client_id: ANA, notes: 'Matriz' }),
    cleanup: async (api, c) => cancelIfBooked(api, c.v.appointment),
    expect: staffOnly(200, 404),
    note: "decisions \"Cancellation\": only staff cancel; Ana cannot cancel her own appointment, another client not Ana's (403)",
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/move/appointment',
    path: '/api/v1/schedules/move/appointment',
    setup: async (api, c) => {
      const a = await must(api.call('admin', 'PATCH', '/api/v1/schedules/insert/appointment', bookingForClient({ ...c, v: {} })), 'book');
      return { appointment: a.body.data.event_id };
    },
    body: (c) => ({
      appointment_id: c.v.appointment,
      start_time: new Date(madrid(42).toMillis() + c.seq * 3_600_000).toISOString(),
      employee_id: PEOPLE.stylist2,
    }),
    cleanup: async (api, c) => cancelIfBooked(api, c.v.appointment),
    expect: staffOnly(200, 404),
    note: "only staff move appointments; Ana cannot move her own, another client not Ana's (403); salon2 has no such appointment (404)",
  },
  {
    method: 'PATCH',
    route: '/api/v1/schedules/attendance/appointment',
    path: '/api/v1/schedules/attendance/appointment',
    setup: async (api, c) => {
      const a = await must(api.call('admin', 'PATCH', '/api/v1/schedules/insert/appointment', bookingForClient({ ...c, v: {} })), 'book');
      return { appointment: a.body.data.event_id };
    },
    body: (c) => ({ appointment_id: c.v.appointment, attendance: 'no_show' }),
    cleanup: async (api, c) => cancelIfBooked(api, c.v.appointment),
    expect: staffOnly(409, 404),
    note: 'only staff mark attendance; the appointment lies ahead, so staff reach the rule (409 before its start); salon2 has no such appointment (404)',
  },

  /* Users. */
  { method: 'GET', route: '/api/v1/users', path: '/api/v1/users?limit=5', expect: staffOnly(200, 200) },
  {
    method: 'POST',
    route: '/api/v1/users',
    path: '/api/v1/users',
    body: (c) => ({ email: `invitada.${c.f.tag}.${c.seq}@klok.test` }),
    expect: staffOnly(201, 201),
    note: 'salon2 invites a client to its own salon',
    cleanup: async (api, c, a) => {
      if (a.status === 201) await api.call(c.role === 'foreignHome' ? 'foreignHome' : 'admin', 'DELETE', `/api/v1/users/${a.body.data.email}`);
    },
  },
  { method: 'GET', route: '/api/v1/users/{email}', path: `/api/v1/users/${ANA}`, expect: ownOrStaff(200), note: "IDOR: another client's user is 403" },
  {
    method: 'GET',
    route: '/api/v1/users/{email}',
    path: `/api/v1/users/${PEOPLE.employee.email}`,
    expect: { anon: 401, client: 403, otherClient: 403, employee: 200, admin: 200, foreignStaff: 401, foreignHome: 404 },
    note: 'a client cannot read a staff account',
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{email}',
    path: `/api/v1/users/${ANA}`,
    body: { name: PEOPLE.client.name },
    expect: ownOrStaff(201),
    note: "IDOR: another client cannot rename Ana (403); her own name, unchanged",
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{email}',
    path: `/api/v1/users/${ANA}`,
    body: { n_appointments_allowed: 2 },
    expect: { anon: 401, client: 400, otherClient: 403, employee: 201, admin: 201, foreignStaff: 401, foreignHome: 404 },
    note: "mass assignment: Ana cannot raise her own allowance (the client schema is strict: 400); staff can (2 is her seeded value)",
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{email}',
    path: `/api/v1/users/${PEOPLE.employee.email}`,
    body: { name: PEOPLE.employee.name },
    expect: { anon: 401, client: 403, otherClient: 403, employee: 201, admin: 403, foreignStaff: 401, foreignHome: 404 },
    note: 'a staff account is edited here only by itself (its own profile fields); the admin on Marcos gets 403',
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/{email}',
    path: `/api/v1/users/${PEOPLE.guest}`,
    body: { name: 'Invitado' },
    expect: { anon: 401, client: 403, otherClient: 403, employee: 403, admin: 403, foreignStaff: 401, foreignHome: 404 },
    note: 'decisions "Guest": the guest cannot be edited',
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/{email}',
    path: (c) => `/api/v1/users/${c.v.email}`,
    setup: async (api, c) => {
      const email = `borrar.${c.f.tag}.${c.seq}@klok.test`;
      await must(api.call('admin', 'POST', '/api/v1/users', { email }), 'invite');
      return { email };
    },
    cleanup: async (api, c) => {
      await api.call('admin', 'DELETE', `/api/v1/users/${c.v.email}`);
    },
    expect: adminOnly(200, 404),
    note: 'decisions "Admin-only actions" and "Deleting"; a fresh client per cell',
  },
  {
    method: 'GET',
    route: '/api/v1/users/{email}/appointments/pending',
    path: `/api/v1/users/${ANA}/appointments/pending`,
    expect: ownOrStaff(200),
    note: "IDOR: another client's appointments are 403",
  },
  /* The waitlist (beyond-the-spec section 4): Ana's own entries; each cell's entry is taken off again. */
  {
    method: 'GET',
    route: '/api/v1/users/{email}/waitlist',
    path: `/api/v1/users/${ANA}/waitlist`,
    expect: ownOrStaff(200),
    note: "IDOR: another client's entries are 403",
  },
  {
    method: 'POST',
    route: '/api/v1/users/{email}/waitlist',
    path: `/api/v1/users/${ANA}/waitlist`,
    body: (c) => ({ services: [c.f.corteId], employee_id: 'any', from: waitlistDay(28), to: waitlistDay(29), part_of_day: 'any' }),
    expect: ownOrStaff(201),
    note: 'Ana or staff for her; another client is refused (403); salon2 has no Ana (404)',
    cleanup: async (api, _c, a) => {
      if (a.status === 201) await api.call('admin', 'DELETE', `/api/v1/users/${ANA}/waitlist/${a.body.data.id}`);
    },
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/{email}/waitlist/{id}',
    setup: async (api, c) => {
      const made = await must(
        api.call('admin', 'POST', `/api/v1/users/${ANA}/waitlist`, { services: [c.f.corteId], employee_id: 'any', from: waitlistDay(28), to: waitlistDay(29), part_of_day: 'any' }),
        'waitlist entry',
      );
      return { entry: made.body.data.id as string };
    },
    path: (c) => `/api/v1/users/${ANA}/waitlist/${c.v.entry}`,
    expect: ownOrStaff(204),
    note: "Ana or staff take an entry off; another client's try is 403; salon2 has no Ana (404)",
    cleanup: async (api, c) => {
      await api.call('admin', 'DELETE', `/api/v1/users/${ANA}/waitlist/${c.v.entry}`);
    },
  },
  { method: 'GET', route: '/api/v1/facility/{facilityId}/waitlist', path: '/api/v1/facility/1/waitlist', expect: staffOnly(200, 200) },
  {
    method: 'POST',
    route: '/api/v1/facility/{facilityId}/appointments/{id}/whatsapp',
    path: '/api/v1/facility/1/appointments/00000000-0000-4000-8000-000000000000/whatsapp',
    expect: staffOnly(404, 404),
    note: 'click to chat: staff only; an unknown appointment is 404',
  },
  {
    method: 'GET',
    route: '/api/v1/webhooks/whatsapp',
    path: '/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=matriz&hub.challenge=12345',
    expect: everyone(403),
    note: 'Meta\u2019s handshake: the verify token is the proof, not a session; klok has no WhatsApp connection here, so 403 for everyone',
  },
  {
    method: 'POST',
    route: '/api/v1/webhooks/whatsapp',
    path: '/api/v1/webhooks/whatsapp',
    body: { object: 'whatsapp_business_account', entry: [] },
    expect: everyone(401),
    note: 'Meta\u2019s events: the X-Hub-Signature-256 signature is the proof, not a session; unsigned is 401 `bad_signature` for everyone',
  },
  {
    method: 'POST',
    route: '/api/v1/facility/{facilityId}/waitlist/{id}/offers',
    path: '/api/v1/facility/1/waitlist/00000000-0000-4000-8000-000000000000/offers',
    body: { start_time: '2030-01-07T10:00:00.000Z', employee_id: 'any' },
    expect: staffOnly(404, 404),
    note: 'staff offer an hour to an entry; an unknown entry is 404',
  },
  {
    method: 'GET',
    route: '/api/v1/users/{email}/export',
    path: `/api/v1/users/${ANA}/export`,
    expect: adminOnly(200, 404),
    note: 'decisions "Admin-only actions": Ana cannot export herself either (the salon answers the right of access)',
  },
  {
    method: 'POST',
    route: '/api/v1/users/{email}/phone/code',
    path: `/api/v1/users/${ANA}/phone/code`,
    body: { tlf: PEOPLE.client.phone },
    expect: { anon: 401, client: 200, otherClient: 403, employee: 403, admin: 403, foreignStaff: 401, foreignHome: 403 },
    note: 'onboarding of the caller itself only: nobody else, staff included, starts Ana’s verification (her own, verified number)',
  },
  {
    method: 'POST',
    route: '/api/v1/users/{email}/phone/verify',
    path: `/api/v1/users/${ANA}/phone/verify`,
    setup: async (api, c) => {
      // Only Ana's cell can succeed; asking for a code in the other cells would spend her hourly codes.
      if (c.role !== 'client') return { code: '000000' };
      await must(api.call('client', 'POST', `/api/v1/users/${ANA}/phone/code`, { tlf: PEOPLE.client.phone }), 'phone code');
      return { code: await api.smsCode(PEOPLE.client.phone) };
    },
    body: (c) => ({ code: c.v.code }),
    expect: { anon: 401, client: 200, otherClient: 403, employee: 403, admin: 403, foreignStaff: 401, foreignHome: 403 },
    note: 'the caller itself only (other cells send a dummy code: the e-mail check comes first)',
  },
  {
    method: 'GET',
    route: '/api/v1/users/phone/{phone}',
    path: `/api/v1/users/phone/${PEOPLE.client.phone}`,
    expect: anyUser(200, 200),
    note: "Ana's phone: a client sees the owner's e-mail masked only (leak rule); salon2 does not know it",
  },

  /* Logout last: it ends the caller's session. */
  { method: 'GET', route: '/api/v1/auth/logout', path: '/api/v1/auth/logout', expect: everyone(204), endsSession: true },
  {
    method: 'POST',
    route: '/api/v1/auth/logout',
    path: '/api/v1/auth/logout',
    expect: everyone(204),
    endsSession: true,
    note: 'the same as GET, for clients that prefer a write',
  },
];

/* --------------------------------------------------------------------------------------------- */
/* Leak rule                                                                                      */
/* --------------------------------------------------------------------------------------------- */

/**
 * Strings of Ana's that must never reach a role without a right to them, whatever the status: the anonymous
 * caller, another client, and salon2's staff on either host. (On salon2's own host only klok-unique
 * values: the seeded salon2 has its own "Ana García".)
 */
export function forbiddenStrings(role: Role, f: Fixture): string[] {
  if (role === 'foreignHome') return [ANA, f.clientId];
  if (role === 'anon' || role === 'otherClient' || role === 'foreignStaff') {
    return [ANA, f.clientId, PEOPLE.client.phone, PEOPLE.client.phone.slice(3), PEOPLE.client.name, PEOPLE.client.subUser];
  }
  return [];
}

/* --------------------------------------------------------------------------------------------- */
/* Runner                                                                                         */
/* --------------------------------------------------------------------------------------------- */

/** A cell that did not answer as the table says. */
export type Mismatch = { row: string; role: Role; expected: number; got: number; detail: string; summary: string };

export type MatrixResult = {
  rows: number;
  cells: number;
  passed: number;
  mismatches: Mismatch[];
  skipped: string[];
  /** Rows in table order: label and a status per role (`status` or `status!expected`). */
  grid: { label: string; cells: Partial<Record<Role, string>> }[];
};

/** `METHOD /route [n]` with the row's index among rows of the same method and route. */
export function rowLabel(row: Row, i: number): string {
  const same = ROWS.slice(0, i).filter((r) => r.method === row.method && r.route === row.route).length;
  return `${row.method} ${row.route}${same ? ` #${same + 1}` : ''}`;
}

const resolve = <T>(v: T | ((c: Cell) => T), c: Cell): T => (typeof v === 'function' ? (v as (c: Cell) => T)(c) : v);

/**
 * Runs the table: `prepare`, every row × role in order (logout rows last), `teardown`.
 * `served(method, route)` says whether the app serves a route method (upcoming rows are skipped when not).
 */
export async function runMatrix(api: MatrixApi, served: (method: Method, route: string) => boolean): Promise<MatrixResult> {
  const f = await prepare(api);
  const ordered = ROWS.map((row, i) => ({ row, label: rowLabel(row, i) }));
  ordered.sort((a, b) => Number(!!a.row.endsSession) - Number(!!b.row.endsSession));
  const result: MatrixResult = { rows: 0, cells: 0, passed: 0, mismatches: [], skipped: [], grid: [] };
  let seq = 0;
  const logout: typeof ordered = [];
  for (const entry of ordered) {
    if (entry.row.upcoming && !served(entry.row.method, entry.row.route)) {
      result.skipped.push(`${entry.label}: ${entry.row.upcoming}`);
      continue;
    }
    if (entry.row.endsSession) {
      logout.push(entry);
      continue;
    }
    await runRow(api, f, entry, () => ++seq, result);
  }
  await teardown(api, f);
  // Logout rows: role by role, so a transport without fresh sessions still calls each with a live one first.
  for (const entry of logout) await runRow(api, f, entry, () => ++seq, result);
  return result;
}

async function runRow(
  api: MatrixApi,
  f: Fixture,
  { row, label }: { row: Row; label: string },
  next: () => number,
  result: MatrixResult,
): Promise<void> {
  const line: MatrixResult['grid'][number] = { label, cells: {} };
  result.rows++;
  for (const role of ROLES) {
    const base = { f, role, seq: next() };
    let cell: Cell = { ...base, v: {} };
    let answer: Answer;
    try {
      cell = { ...base, v: row.setup ? await row.setup(api, base) : {} };
      const path = resolve(row.path, cell);
      const body = row.body === undefined ? undefined : resolve(row.body, cell);
      const headers = row.headers === undefined ? undefined : resolve(row.headers, cell);
      answer = await api.call(role, row.method, path, body, { fresh: row.endsSession, headers });
    } catch (err) {
      answer = { status: -1, body: null, text: String(err instanceof Error ? err.stack ?? err.message : err) };
    }
    if (row.cleanup) {
      try {
        await row.cleanup(api, cell, answer);
      } catch {
        // Best effort: a failed cleanup shows up as a differing cell later, never hides one.
      }
    }
    result.cells++;
    const expected = row.expect[role];
    const leaked = forbiddenStrings(role, f).filter((s) => s && answer.text.includes(s));
    if (answer.status === expected && leaked.length === 0) {
      result.passed++;
      line.cells[role] = String(answer.status);
    } else {
      line.cells[role] = `${answer.status}!${expected}`;
      const code = answer.body?.error?.code ? ` ${answer.body.error.code}` : '';
      const detail = leaked.length ? `leaks ${leaked.join(', ')}` : `${answer.text.slice(0, 160)}`;
      const summary = `${label} as ${role}: expected ${expected}, got ${answer.status}${leaked.length ? ` leaking ${leaked.join(', ')}` : ''}`;
      result.mismatches.push({ row: label, role, expected, got: answer.status, detail: `${code} ${detail}`.trim(), summary });
    }
  }
  result.grid.push(line);
}

/** A compact report: the differing cells, then the size and the count of passing cells. */
export function formatReport(r: MatrixResult): string {
  const out: string[] = [];
  if (r.mismatches.length) {
    out.push(`Differing cells (${r.mismatches.length}):`);
    for (const m of r.mismatches) out.push(`  ${m.summary} — ${m.detail}`);
  }
  for (const s of r.skipped) out.push(`Skipped: ${s}`);
  const width = Math.max(...r.grid.map((g) => g.label.length));
  out.push(`${''.padEnd(width)}  ${ROLES.map((x) => x.slice(0, 11).padEnd(11)).join(' ')}`);
  for (const g of r.grid) out.push(`${g.label.padEnd(width)}  ${ROLES.map((x) => (g.cells[x] ?? '-').padEnd(11)).join(' ')}`);
  out.push(`Access matrix: ${r.rows} rows × ${ROLES.length} roles = ${r.cells} cells; ${r.passed} passing, ${r.cells - r.passed} differing.`);
  return out.join('\n');
}
