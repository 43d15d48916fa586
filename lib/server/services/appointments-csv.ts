import 'server-only';
import { csvAmount, csvDate, csvDocument, csvTime } from '@/lib/domain/csv';
import { settledEndAt } from '@/lib/domain/reliability';
import { outcomeOf, parseKind, periodWindow, type Period } from '@/lib/domain/summary';
import messages from '@/lib/i18n/messages/es.json';
import type { DbOrTx } from '@/lib/server/db/client';
import { appointmentsForCsv } from '@/lib/server/repositories/reports';

const T = messages.summary;
const HEADER = [T.csvHeader.date, T.csvHeader.time, T.csvHeader.client, T.csvHeader.services, T.csvHeader.stylist, T.csvHeader.price, T.csvHeader.status, T.csvHeader.attendance];

/**
 * The accountant's CSV of a period (beyond-the-spec section 6, `GET /facility/1/reports/appointments.csv`):
 * one row per appointment starting in the period (Madrid dates `period.from`–`period.to`), by start, under
 * the header `Fecha;Hora;Cliente;Servicios;Estilista;Precio;Estado;Asistencia`: the Madrid date `dd/MM/yyyy`
 * and time `HH:mm`, the person served, the service, the stylist's name, the price in euros with a decimal
 * comma, "Reservada" / "Cancelada" / "Cancelada tarde", and "Vino" / "No vino" / "Pendiente" (blank when
 * cancelled) as the summary counts them at `now` (epoch ms): an unmarked appointment is "Vino" 48 hours after
 * its end. Text of lib/domain/csv.ts `csvDocument` (UTF-8 BOM, `;`, CRLF, quotes, formula guard).
 */
export async function appointmentsCsv(db: DbOrTx, tenantId: number, period: Period, now: number): Promise<string> {
  const rows = await appointmentsForCsv(db, tenantId, periodWindow(period), { settledEndAt: settledEndAt(now) });
  return csvDocument(
    HEADER,
    rows.map((r) => {
      const kind = parseKind(r.kind);
      const status = kind.status === 'pending' ? T.csvStatus.booked : kind.late ? T.csvStatus.lateCancelled : T.csvStatus.cancelled;
      return [csvDate(r.start), csvTime(r.start), r.clientName, r.serviceName, r.employeeName, csvAmount(r.priceCents), status, T.csvAttendance[outcomeOf(kind)]];
    }),
  );
}
