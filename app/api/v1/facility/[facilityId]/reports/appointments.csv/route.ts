import { z } from 'zod';
import { appointmentsCsvName } from '@/lib/domain/csv';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http';
import { appointmentsCsv } from '@/lib/server/services/appointments-csv';
import { ZFacilityId } from '@/lib/validation/common';
import { ZReportPeriod } from '@/lib/validation/reports';

/**
 * `GET /api/v1/facility/1/reports/appointments.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (beyond-the-spec section 6),
 * admins only: the appointments starting between those Madrid dates as a CSV download for the accountant
 * (`text/csv; charset=utf-8`, `content-disposition: attachment; filename="citas-<from>-<to>.csv"`, not
 * cached): UTF-8 with BOM, `;`-separated, CRLF, header `Fecha;Hora;Cliente;Servicios;Estilista;Precio;Estado;Asistencia`.
 * See `appointmentsCsv`. 403 for employees; 400 for a malformed date, `from` after `to`, or more than 370 days.
 */
export const GET = route(
  {
    summary: 'The appointments of a period as CSV for the accountant (admin): UTF-8 with BOM, ; separated, one row per appointment',
    access: 'admin',
    params: z.object({ facilityId: ZFacilityId }),
    query: ZReportPeriod,
  },
  async ({ tenant, query, now }) =>
    new Response(await appointmentsCsv(await getDb(), tenant.id, query, now), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${appointmentsCsvName(query.from, query.to)}"`,
        'cache-control': 'no-store',
      },
    }),
);
