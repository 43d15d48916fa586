import { z } from 'zod';
import { readerRole } from '@/lib/domain/roles';
import { getDb } from '@/lib/server/db/client';
import { isStaff } from '@/lib/server/auth/session';
import { holderHashOf } from '@/lib/server/auth/holder';
import { liveHoldIds } from '@/lib/server/repositories/holds';
import { items, PUBLIC_READ_LIMIT, route } from '@/lib/server/http';
import { ApiError } from '@/lib/server/errors';
import { errorMessage } from '@/lib/server/messages';
import { availableHoursFor, visitHoursFor } from '@/lib/server/services/availability';
import { ZDate, ZFacilityId, ZId } from '@/lib/validation/common';
import { ZStylistOrAny, ZVisitServiceIds } from '@/lib/validation/schedules';
import { itemsOf, ZHourGroup } from '@/lib/validation/dto';

/**
 * `GET /api/v1/facility/1/{date}/{employeeEmail}/appointments/available?serviceDuration=&serviceId=`
 * (spec section 7): `{ items: [{ hour: 'HH:00', hours: [{ id, start_time, end_time }] }] }`, instants in
 * UTC, grouped by Madrid hour. `serviceDuration` in minutes (5–480); the optional `serviceId` brings the
 * service's busy parts so rest gaps stay bookable. Clients get at most 30 days ahead; staff no limit.
 * The optional `appointmentId` (staff only; the uuid of the appointment being moved, as `appointment_id` of
 * `PATCH /schedules/move/appointment`) leaves that appointment's own busy parts out of the taken time.
 * Live holds (`POST /holds`) count as taken, except the caller's own (its holder cookie or account).
 * Anyone of the tenant, visitors without a session included, who get the client rules (beyond-the-spec
 * section 1); a visitor's reads spend `publicReadPerIp`.
 * Visits (beyond-the-spec section 2): `services=ID,ID` (1–4 distinct ids, in visit order) asks for the
 * services back to back, and `any` in place of the e-mail for "Cualquier estilista" (each service by anyone
 * who offers it and is free then; `any` with `serviceId` alone is a visit of one); each hour then lasts the
 * whole visit. `serviceDuration` is required without `services`.
 * Errors: 400 bad params (no `serviceDuration` nor `services`; `any` without a service; `appointmentId` with
 * a visit), 403 `appointmentId` from a client or visitor, 404 unknown stylist, service or appointment, 429
 * visitor's budget spent.
 */
export const GET = route(
  {
    summary: 'Bookable hours of a stylist on a Madrid date, grouped by hour',
    access: 'public',
    params: z.object({ facilityId: ZFacilityId, date: ZDate, employeeEmail: ZStylistOrAny }),
    query: z.object({
      serviceDuration: z.coerce.number().int().min(5).max(480).optional(),
      serviceId: ZId.optional(),
      services: ZVisitServiceIds.optional(),
      appointmentId: z.uuid().optional(),
    }),
    response: itemsOf(ZHourGroup),
    limits: [PUBLIC_READ_LIMIT],
  },
  async ({ req, tenant, user, params, query, now }) => {
    const db = await getDb();
    const flow = isStaff(readerRole(user?.role)) ? 'staff' : 'client';
    // A visitor's or client's own hold does not hide the hour it keeps for them. Holds are made by a browser
    // with a holder cookie: without one there is nothing to look up (the availability hot path stays one query).
    const holder = holderHashOf(req);
    const holdIds = flow === 'client' && holder ? await liveHoldIds(db, tenant.id, { hash: holder, userId: user?.id ?? null }, now) : [];
    if (params.employeeEmail === 'any' || query.services !== undefined) {
      // A visit (beyond-the-spec section 2): its services, or the one service, by one stylist or anyone.
      const serviceIds = query.services ?? (query.serviceId === undefined ? null : [query.serviceId]);
      if (!serviceIds || query.appointmentId !== undefined) throw new ApiError('bad_request', errorMessage('invalidRequest'));
      return items(await visitHoursFor(db, tenant.id, flow, { date: params.date, employee: params.employeeEmail, serviceIds, holdIds }, now));
    }
    if (query.serviceDuration === undefined) throw new ApiError('bad_request', errorMessage('invalidRequest'));
    return items(
      await availableHoursFor(db, tenant.id, flow, {
        date: params.date,
        employeeEmail: params.employeeEmail,
        serviceDuration: query.serviceDuration,
        serviceId: query.serviceId,
        appointmentId: query.appointmentId,
        holdIds,
      }, now),
    );
  },
);
