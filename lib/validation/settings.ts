/**
 * Tenant settings (issue 8; decisions "Admin-only actions"): the body of `PATCH /facility/1/settings`,
 * shared by the route handler and the "Ajustes del negocio" card. Admins only.
 */
import { z } from 'zod';

/** `{ automatic_reminders }`: turns the e-mail reminder 24 hours before each appointment on or off. */
export const ZTenantSettingsPatch = z.object({ automatic_reminders: z.boolean() });
export type TenantSettingsPatch = z.infer<typeof ZTenantSettingsPatch>;
