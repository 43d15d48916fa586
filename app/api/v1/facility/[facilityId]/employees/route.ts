import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { readerRole } from '@/lib/domain/roles';
import { data, items, PUBLIC_READ_LIMIT, route } from '@/lib/server/http';
import { employeesFor } from '@/lib/server/services/employee-directory';
import { addEmployee } from '@/lib/server/services/add-employee';
import { ZFacilityId, ZId } from '@/lib/validation/common';
import { dataOf, itemsOf, ZEmployee } from '@/lib/validation/dto';
import { ZStaffCreate } from '@/lib/validation/staff';

/**
 * `GET /api/v1/facility/1/employees[?service={id}]` (spec section 7): `{ items: Employee[] }` with
 * week_shifts and special_shifts; `service` keeps the stylists offering it. Anyone of the tenant, visitors
 * without a session included (beyond-the-spec section 1): clients and visitors see neither phones nor the
 * staff-only notes of special shifts (`tlf` null, no `notes`). A visitor's reads spend `publicReadPerIp`
 * (429 `too_many_requests`).
 */
export const GET = route(
  {
    summary: 'Stylists with weekly and special shifts (service: only those offering it); no session needed',
    access: 'public',
    params: z.object({ facilityId: ZFacilityId }),
    query: z.object({ service: ZId.optional() }),
    response: itemsOf(ZEmployee),
    limits: [PUBLIC_READ_LIMIT],
  },
  async ({ tenant, user, query }) =>
    items(await employeesFor(await getDb(), tenant.id, readerRole(user?.role), { serviceId: query.service })),
);

/**
 * `POST /api/v1/facility/1/employees` (admins only; decisions "Admin-only actions"): body
 * `{ name, email }` (`ZStaffCreate`) → 201 `{ data: Employee }`. Creates the stylist's staff account
 * (role employee), employee profile (next colour of the five swatches, last position), the default weekly
 * schedule (Monday–Friday 09:00–14:00 and 16:00–20:00) and no services; the person then signs in with
 * that e-mail. A removed stylist's e-mail brings that account back.
 * Errors: 400 invalid body; 401 no session; 403 not an admin; 409 `conflict` when the e-mail belongs to
 * a client of the salon or to an active staff member.
 */
export const POST = route(
  {
    summary: 'Adds a stylist (admin)',
    access: 'admin',
    params: z.object({ facilityId: ZFacilityId }),
    body: ZStaffCreate,
    status: 201,
    response: dataOf(ZEmployee),
    errors: { 409: 'the e-mail already has an account' },
  },
  async ({ tenant, body }) => data(await addEmployee(await getDb(), tenant.id, body)),
);
