import { z } from 'zod';
import { ZEmail, ZInstant } from './common';

/** `PATCH /schedules/insert/appointment`, client flow (spec section 7). */
export const ZClientAppointmentInsert = z.object({
  start_time: ZInstant,
  end_time: ZInstant.optional(),
  facility_id: z.literal(1),
  employee_id: ZEmail,
  service_id: z.number().int().positive(),
  client_id: ZEmail,
  user_id: z.string().min(1).max(64),
  user_name: z.string().max(120).optional(),
});
export type ClientAppointmentInsert = z.infer<typeof ZClientAppointmentInsert>;
