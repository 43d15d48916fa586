import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { isStaff } from '@/lib/server/auth/session';
import { ApiError } from '@/lib/server/errors';
import { items, route } from '@/lib/server/http';
import { errorMessage } from '@/lib/server/messages';
import { findEmployee } from '@/lib/server/repositories/employees';
import { findService } from '@/lib/server/repositories/services';
import { availableHours } from '@/lib/server/services/availability';
import { ZDate, ZEmail, ZFacilityId, ZId } from '@/lib/validation/common';

/**
 * `GET /api/v1/facility/1/{date}/{employeeEmail}/appointments/available?serviceDuration=&serviceId=`
 * (spec section 7): `{ items: [{ hour: 'HH:00', hours: [{ id, start_time, end_time }] }] }`, instants in
 * UTC, grouped by Madrid hour. `serviceDuration` in minutes (5–480); the optional `serviceId` brings the
 * service's busy parts so rest gaps stay bookable. Clients get at most 30 days ahead; staff no limit.
 * Errors: 400 bad params, 404 unknown stylist or service.
 */
export const GET = route(
  {
    access: 'user',
    params: z.object({ facilityId: ZFacilityId, date: ZDate, employeeEmail: ZEmail }),
    query: z.object({ serviceDuration: z.coerce.number().int().min(5).max(480), serviceId: ZId.optional() }),
  },
  async ({ tenant, user, params, query }) => {
    const db = await getDb();
    const employee = await findEmployee(db, tenant.id, params.employeeEmail);
    if (!employee) throw new ApiError('not_found', errorMessage('employeeNotFound'));
    let segments = null;
    let duration = query.serviceDuration;
    if (query.serviceId !== undefined) {
      const service = await findService(db, tenant.id, query.serviceId);
      if (!service) throw new ApiError('not_found', errorMessage('serviceNotFound'));
      segments = service.busySlots;
      duration = service.durationMinutes;
    }
    const groups = await availableHours(db, {
      tenantId: tenant.id,
      employeeId: employee.id,
      date: params.date,
      durationMinutes: duration,
      segments,
      flow: isStaff(user.role) ? 'staff' : 'client',
    });
    return items(groups);
  },
);
