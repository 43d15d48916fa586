import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { isStaff } from '@/lib/server/auth/session';
import { items, route } from '@/lib/server/http';
import { listEmployees } from '@/lib/server/repositories/employees';
import { ZFacilityId, ZId } from '@/lib/validation/common';

/**
 * `GET /api/v1/facility/1/employees[?service={id}]` (spec section 7): `{ items: Employee[] }` with
 * week_shifts and special_shifts; `service` keeps the stylists offering it. Clients do not see phones.
 */
export const GET = route(
  { access: 'user', params: z.object({ facilityId: ZFacilityId }), query: z.object({ service: ZId.optional() }) },
  async ({ tenant, user, query }) => {
    const list = await listEmployees(await getDb(), tenant.id, { serviceId: query.service });
    return items(isStaff(user.role) ? list : list.map((e) => ({ ...e, tlf: null })));
  },
);
