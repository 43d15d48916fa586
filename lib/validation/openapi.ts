/**
 * The OpenAPI 3.1 document of `/api/v1` (served at `GET /api/v1/openapi.json`), generated from the same
 * zod schemas the handlers, the browser and the forms use (zod 4's JSON Schema output). Each operation
 * lists its access level, params, query, body and success answer; every failure answers
 * `{ error: { code, message } }` with a Spanish message.
 */
import { z } from 'zod';
import { ZActivitiesSeen, ZActivityQuery } from './activities';
import { ZDate, ZEmail, ZFacilityId, ZId } from './common';
import {
  dataOf,
  itemsOf,
  ZActivityPage,
  ZActivityUnseen,
  ZAgendaDay,
  ZApiErrorBody,
  ZAppointment,
  ZClientExport,
  ZClientPage,
  ZEmployee,
  ZEventId,
  ZFacility,
  ZHourGroup,
  ZPhoneLookup,
  ZService,
  ZServiceRef,
  ZSessionInfo,
  ZSpecialShift,
  ZSpecialShiftDeleted,
  ZTenantSettings,
  ZUser,
  ZUserDetail,
} from './dto';
import { ZEmployeePatch, ZEmployeeServices, ZSpecialShiftCreate, ZSpecialShiftDeleteQuery } from './employees';
import {
  ZAgendaQuery,
  ZAppointmentCancel,
  ZClientAppointmentInsert,
  ZLeaveDelete,
  ZLeaveInsert,
  ZStaffAppointmentInsert,
} from './schedules';
import { ZServiceCreate, ZServiceEmployees, ZServiceUpdate } from './services';
import { ZTenantSettingsPatch } from './settings';
import { ZStaffCreate } from './staff';
import { ZClientCreate, ZClientsQuery, ZClientUserPatch, ZPhoneCodeRequest, ZPhoneVerify, ZStaffUserPatch } from './users';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** Who may call: anyone, a signed-in user, staff (employee or admin), admin only. */
type Access = 'public' | 'user' | 'client' | 'staff' | 'admin';

/** One operation of the API. `path` uses OpenAPI `{param}` segments. */
export type Operation = {
  method: Method;
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Success status and body (none for redirects and 204). */
  status: number;
  response?: z.ZodType;
  /** Extra documented failures: status → description. */
  errors?: Record<number, string>;
};

const facility = { facilityId: ZFacilityId };
const ZEmailParam = z.object({ email: ZEmail });
const ZEmployeeParam = z.object({ employeeId: ZEmail });
const ZFacilityEmployee = z.object({ ...facility, employeeId: ZEmail });
const ZFacilityService = z.object({ ...facility, serviceId: ZId });
const ZFacilityOnly = z.object(facility);
const ZPhoneCodeAnswer = z.object({ provider: z.enum(['dev', 'firebase']), expires_at: z.string() });
/** The schedule-conflict failure: pending appointments a schedule change would leave outside working hours. */
const SCHEDULE_CONFLICT =
  'schedule_conflict: pending appointments would fall outside working hours (details.appointments); resend with force (true) to keep the change';
/** The stale-save failure of the versioned PATCHes. */
const STALE_VERSION = 'conflict: the version sent is not the current one (someone saved meanwhile); details.current is the resource now, nothing was saved';

/** Every operation of `/api/v1` (spec section 7 and the additions of decisions.md). */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/v1/openapi.json', summary: 'This document', access: 'public', status: 200 },
  { method: 'get', path: '/api/v1/session', summary: 'The signed-in user (404: no session)', access: 'public', status: 200, response: dataOf(ZSessionInfo) },
  { method: 'get', path: '/api/v1/auth/google', summary: 'Starts OpenID Connect sign-in (302 to the provider)', access: 'public', status: 302 },
  { method: 'get', path: '/api/v1/auth/google/callback', summary: 'Completes sign-in (302 to / or /login?error=1)', access: 'public', status: 302 },
  { method: 'get', path: '/api/v1/auth/logout', summary: 'Ends the session', access: 'public', status: 204 },
  { method: 'post', path: '/api/v1/auth/logout', summary: 'Ends the session (same as GET)', access: 'public', status: 204 },
  { method: 'get', path: '/api/v1/facility', summary: 'The tenant’s facilities', access: 'user', status: 200, response: itemsOf(ZFacility) },
  { method: 'get', path: '/api/v1/facility/{facilityId}', summary: 'The facility', access: 'user', params: ZFacilityOnly, status: 200, response: dataOf(ZFacility) },
  {
    method: 'get',
    path: '/api/v1/facility/{facilityId}/services',
    summary: 'Services (associated=true: only those some stylist offers)',
    access: 'user',
    params: ZFacilityOnly,
    query: z.object({ associated: z.enum(['true', 'false']).optional() }),
    status: 200,
    response: itemsOf(ZService),
  },
  { method: 'post', path: '/api/v1/facility/{facilityId}/services', summary: 'Creates a service', access: 'staff', params: ZFacilityOnly, body: ZServiceCreate, status: 201, response: dataOf(ZService), errors: { 422: 'an assigned stylist does not exist' } },
  { method: 'get', path: '/api/v1/facility/{facilityId}/services/{serviceId}', summary: 'One service', access: 'user', params: ZFacilityService, status: 200, response: dataOf(ZService) },
  { method: 'patch', path: '/api/v1/facility/{facilityId}/services/{serviceId}', summary: 'Updates a service’s information and timing (new bookings only)', access: 'staff', params: ZFacilityService, body: ZServiceUpdate, status: 200, response: dataOf(ZService), errors: { 409: STALE_VERSION } },
  { method: 'delete', path: '/api/v1/facility/{facilityId}/services/{serviceId}', summary: 'Deletes a service (appointments keep their snapshot)', access: 'staff', params: ZFacilityService, status: 201, response: dataOf(ZServiceRef) },
  { method: 'patch', path: '/api/v1/facility/{facilityId}/services/{serviceId}/employees', summary: 'Sets the stylists offering a service', access: 'staff', params: ZFacilityService, body: ZServiceEmployees, status: 200, response: dataOf(ZService), errors: { 409: STALE_VERSION, 422: 'an assigned stylist does not exist' } },
  {
    method: 'get',
    path: '/api/v1/facility/{facilityId}/employees',
    summary: 'Stylists with weekly and special shifts (service: only those offering it)',
    access: 'user',
    params: ZFacilityOnly,
    query: z.object({ service: ZId.optional() }),
    status: 200,
    response: itemsOf(ZEmployee),
  },
  { method: 'post', path: '/api/v1/facility/{facilityId}/employees', summary: 'Adds a stylist (admin)', access: 'admin', params: ZFacilityOnly, body: ZStaffCreate, status: 201, response: dataOf(ZEmployee), errors: { 409: 'the e-mail already has an account' } },
  { method: 'delete', path: '/api/v1/facility/{facilityId}/employees/{employeeId}', summary: 'Removes a stylist (admin; refused with pending appointments)', access: 'admin', params: ZFacilityEmployee, status: 200, response: dataOf(z.object({ email: z.string() })), errors: { 409: 'the stylist has pending appointments (details.appointments)' } },
  { method: 'get', path: '/api/v1/facility/{facilityId}/employee/{employeeId}', summary: 'One stylist', access: 'user', params: ZFacilityEmployee, status: 200, response: dataOf(ZEmployee) },
  { method: 'post', path: '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts', summary: 'Creates a special schedule for a date', access: 'staff', params: ZFacilityEmployee, body: ZSpecialShiftCreate, status: 201, response: dataOf(ZSpecialShift), errors: { 409: `the date already has one, or ${SCHEDULE_CONFLICT}`, 422: 'a past date' } },
  { method: 'delete', path: '/api/v1/facility/{facilityId}/employees/{employeeId}/special-shifts/{date}', summary: 'Deletes the special schedule of a date', access: 'staff', params: z.object({ ...facility, employeeId: ZEmail, date: ZDate }), query: ZSpecialShiftDeleteQuery, status: 200, response: dataOf(ZSpecialShiftDeleted), errors: { 409: SCHEDULE_CONFLICT } },
  { method: 'patch', path: '/api/v1/employees/{employeeId}', summary: 'Updates a stylist’s information, weekly schedule or push token (only their own)', access: 'staff', params: ZEmployeeParam, body: ZEmployeePatch, status: 201, response: dataOf(ZEmployee), errors: { 409: `${SCHEDULE_CONFLICT}; or ${STALE_VERSION}` } },
  { method: 'patch', path: '/api/v1/employees/{employeeId}/services', summary: 'Sets the services a stylist offers', access: 'staff', params: ZEmployeeParam, body: ZEmployeeServices, status: 201, response: dataOf(ZEmployee), errors: { 409: STALE_VERSION, 422: 'a service does not exist' } },
  {
    method: 'get',
    path: '/api/v1/facility/{facilityId}/{date}/{employeeEmail}/appointments/available',
    summary: 'Bookable hours of a stylist on a Madrid date, grouped by hour',
    access: 'user',
    params: z.object({ ...facility, date: ZDate, employeeEmail: ZEmail }),
    query: z.object({ serviceDuration: z.coerce.number().int().min(5).max(480), serviceId: ZId.optional() }),
    status: 200,
    response: itemsOf(ZHourGroup),
  },
  { method: 'get', path: '/api/v1/facility/{facilityId}/appointments', summary: 'The agenda between two Madrid dates (≤ 62 days)', access: 'staff', params: ZFacilityOnly, query: ZAgendaQuery, status: 200, response: itemsOf(ZAgendaDay) },
  { method: 'get', path: '/api/v1/facility/{facilityId}/settings', summary: 'The tenant’s settings (automatic reminders on or off, countries allowed for phone verification)', access: 'staff', params: ZFacilityOnly, status: 200, response: dataOf(ZTenantSettings) },
  { method: 'patch', path: '/api/v1/facility/{facilityId}/settings', summary: 'Changes the tenant’s settings (admin): automatic_reminders turns the e-mail reminder 24 hours before each appointment on or off; phone_countries sets the ISO countries whose numbers may receive verification codes', access: 'admin', params: ZFacilityOnly, body: ZTenantSettingsPatch, status: 200, response: dataOf(ZTenantSettings), errors: { 409: STALE_VERSION } },
  { method: 'get', path: '/api/v1/facility/{facilityId}/activities', summary: 'One page of the activity feed, newest first (keyset: cursor = next_cursor); seen and unseen for the caller', access: 'staff', params: ZFacilityOnly, query: ZActivityQuery, status: 200, response: ZActivityPage },
  { method: 'patch', path: '/api/v1/facility/{facilityId}/activities/seen', summary: 'The caller has seen the feed up to up_to_id (their watermark only moves forward)', access: 'staff', params: ZFacilityOnly, body: ZActivitiesSeen, status: 200, response: dataOf(ZActivityUnseen) },
  {
    method: 'patch',
    path: '/api/v1/schedules/insert/appointment',
    summary: 'Books an appointment (client flow or staff flow, by the session’s role)',
    access: 'user',
    body: z.union([ZClientAppointmentInsert, ZStaffAppointmentInsert]),
    status: 201,
    response: dataOf(ZEventId),
    errors: { 409: 'slot_taken or allowance_exceeded', 422: 'a booking rule is broken' },
  },
  { method: 'patch', path: '/api/v1/schedules/insert/leave', summary: 'Blocks a slot', access: 'staff', body: ZLeaveInsert, status: 201, response: dataOf(ZEventId), errors: { 409: 'overlaps another event' } },
  { method: 'patch', path: '/api/v1/schedules/delete/leave', summary: 'Unblocks a slot', access: 'staff', body: ZLeaveDelete, status: 201 },
  { method: 'patch', path: '/api/v1/schedules/cancel/appointment', summary: 'Cancels an appointment (the client is e-mailed unless guest)', access: 'staff', body: ZAppointmentCancel, status: 200 },
  {
    method: 'get',
    path: '/api/v1/users',
    summary: 'One page of the tenant’s clients with visits: the guest first, then newest activity first (keyset: cursor = next_cursor); search matches name or e-mail, case- and accent-insensitive; total counts the matches',
    access: 'staff',
    query: ZClientsQuery,
    status: 200,
    response: ZClientPage,
  },
  { method: 'post', path: '/api/v1/users', summary: 'Invites a client by e-mail (creates it and queues the invitation e-mail)', access: 'staff', body: ZClientCreate, status: 201, response: dataOf(ZUser), errors: { 409: 'the e-mail already has an account in this tenant' } },
  { method: 'get', path: '/api/v1/users/{email}', summary: 'A user with pending appointments (self or staff); for staff reading a client, its history (pending, past, cancelled)', access: 'user', params: ZEmailParam, status: 200, response: dataOf(ZUserDetail) },
  { method: 'delete', path: '/api/v1/users/{email}', summary: 'Deletes a client (admin): anonymised, pending appointments cancelled with the usual e-mail, past ones kept', access: 'admin', params: ZEmailParam, status: 200, response: dataOf(z.object({ email: z.string() })), errors: { 422: 'the guest or a staff account' } },
  { method: 'get', path: '/api/v1/users/{email}/export', summary: 'A client’s data as a JSON download (admin): profile, sub-users, appointments, activities, messages, phone verifications and sessions (tokens masked)', access: 'admin', params: ZEmailParam, status: 200, response: dataOf(ZClientExport), errors: { 422: 'the guest or a staff account' } },
  {
    method: 'patch',
    path: '/api/v1/users/{email}',
    summary: 'A client updates itself, or staff update a client',
    access: 'user',
    params: ZEmailParam,
    body: z.union([ZClientUserPatch, ZStaffUserPatch]),
    status: 201,
    response: dataOf(ZUser),
    errors: { 409: `a removed sub-user has a pending appointment; or (staff) ${STALE_VERSION}`, 422: 'phone_not_verified' },
  },
  { method: 'get', path: '/api/v1/users/{email}/appointments/pending', summary: 'Pending appointments of an account (self or staff)', access: 'user', params: ZEmailParam, status: 200, response: itemsOf(ZAppointment) },
  { method: 'post', path: '/api/v1/users/{email}/phone/code', summary: 'Sends a phone verification code (self)', access: 'user', params: ZEmailParam, body: ZPhoneCodeRequest, status: 200, response: dataOf(ZPhoneCodeAnswer), errors: { 409: 'phone_taken', 429: 'too many codes' } },
  { method: 'post', path: '/api/v1/users/{email}/phone/verify', summary: 'Verifies the phone code or Firebase ID token (self)', access: 'user', params: ZEmailParam, body: ZPhoneVerify, status: 200, response: dataOf(ZUser), errors: { 422: 'code_invalid, code_expired or code_required' } },
  { method: 'get', path: '/api/v1/users/phone/{phone}', summary: 'Whether a phone is taken', access: 'user', params: z.object({ phone: z.string().max(32) }), status: 200, response: dataOf(ZPhoneLookup) },
];

const ACCESS_TEXT: Record<Access, string> = {
  public: 'No session needed.',
  user: 'Any signed-in user of the tenant (ownership checked).',
  client: 'Clients only.',
  staff: 'Staff (employee or admin).',
  admin: 'Admin only.',
};

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;

/** A schema without its `$schema` dialect line (the document declares the dialect once). */
function stripDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...schema };
  delete rest.$schema;
  return rest;
}

function parameters(op: Operation): unknown[] {
  const out: unknown[] = [];
  if (op.params) {
    for (const [name, schema] of Object.entries(op.params.shape)) {
      out.push({ name, in: 'path', required: true, schema: stripDialect(toSchema(schema as z.ZodType, 'input')) });
    }
  }
  if (op.query) {
    const json = toSchema(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema });
    }
  }
  return out;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid params, query or body (details.fields lists the paths)',
  401: 'No session',
  403: 'Not allowed for this role or account',
  404: 'Unknown tenant or resource',
  429: 'Too many requests (rate limit; Retry-After gives the seconds to wait)',
  503: 'The database is unavailable or slow (Retry-After)',
};

/** Failures every write (POST, PATCH, PUT, DELETE) may also get from the route wrapper. */
const WRITE_ERRORS: Record<number, string> = {
  403:
    'Not allowed for this role or account, a cross-site write (cross_origin: Origin/Sec-Fetch-Site not the tenant’s own), ' +
    'or a client who has not finished onboarding (onboarding_required: verified phone and accepted privacy policy; the onboarding routes themselves excepted)',
  413: 'Body over 64 KB (payload_too_large)',
  415: 'Body not application/json (unsupported_media_type)',
};

/** Builds the OpenAPI 3.1 document from `OPERATIONS`. */
export function openApiDocument(): Record<string, unknown> {
  const errorBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {
      [op.status]: op.response
        ? { description: 'Success', content: { 'application/json': { schema: stripDialect(toSchema(op.response, 'output')) } } }
        : { description: 'Success' },
    };
    const failures: Record<number, string> = {
      ...ERROR_DESCRIPTIONS,
      ...(op.method === 'get' ? {} : WRITE_ERRORS),
      ...(op.errors ?? {}),
    };
    if (op.access === 'public') delete failures[401];
    for (const [status, description] of Object.entries(failures)) responses[status] = { description, ...errorBody };
    responses['500'] = { description: 'Unexpected failure (logged with a request id)', ...errorBody };
    const operation: Record<string, unknown> = {
      operationId: `${op.method}${op.path.replace(/^\/api\/v1/, '').replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: op.summary,
      description: ACCESS_TEXT[op.access],
      parameters: parameters(op),
      responses,
    };
    if (op.access !== 'public') operation.security = [{ session: [] }];
    if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: stripDialect(toSchema(op.body, 'input')) } } };
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Klok API',
      version: '1',
      description:
        'Appointment booking for hair salons (one business per host). Prices in euros, durations in minutes, ' +
        'instants UTC ISO 8601, dates YYYY-MM-DD in Europe/Madrid. Messages are Spanish.',
    },
    paths,
    components: {
      schemas: { Error: stripDialect(toSchema(ZApiErrorBody, 'output')) },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'klok_session' } },
    },
  };
}
