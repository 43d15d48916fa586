import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { data, items, PUBLIC_READ_LIMIT, route } from '@/lib/server/http';
import { listServices } from '@/lib/server/repositories/services';
import { createService } from '@/lib/server/services/create-service';
import { ZFacilityId } from '@/lib/validation/common';
import { dataOf, itemsOf, ZService } from '@/lib/validation/dto';
import { ZServiceCreate } from '@/lib/validation/services';

const ZParams = z.object({ facilityId: ZFacilityId });

/**
 * `GET /api/v1/facility/1/services[?associated=true]` (spec section 7): `{ items: Service[] }`
 * (price in euros, duration in minutes); `associated=true` keeps services offered by a stylist.
 * Deleted services are never listed. Anyone of the tenant, visitors without a session included
 * (beyond-the-spec section 1; a Service holds nothing private: the stylists appear by e-mail, their id in
 * the availability path, and name). A visitor's reads spend `publicReadPerIp` (429 `too_many_requests`).
 */
export const GET = route(
  {
    summary: 'Services (associated=true: only those some stylist offers); no session needed',
    access: 'public',
    params: ZParams,
    query: z.object({ associated: z.enum(['true', 'false']).optional() }),
    response: itemsOf(ZService),
    limits: [PUBLIC_READ_LIMIT],
  },
  async ({ tenant, query }) => items(await listServices(await getDb(), tenant.id, { associated: query.associated === 'true' })),
);

/**
 * `POST /api/v1/facility/1/services` (spec sections 5 and 7), staff only: body `ZServiceCreate`
 * (`name`, `description`, `price` in euros, `duration` and `busy_slots` in minutes, `employees` e-mails)
 * → 201 `{ data: Service }`. Errors: 400 invalid body (`details.fields` with the paths), 401, 403 (client),
 * 422 `unprocessable` when an e-mail is not a staff member of the tenant (`details.employees`).
 */
export const POST = route(
  {
    summary: 'Creates a service',
    access: 'staff',
    params: ZParams,
    body: ZServiceCreate,
    status: 201,
    response: dataOf(ZService),
    errors: { 422: 'an assigned stylist does not exist' },
  },
  async ({ tenant, body }) => data(await createService(await getDb(), tenant.id, body)),
);
