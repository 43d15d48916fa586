/**
 * Request bodies of the staff-account endpoints (decisions "Admin-only actions" and "Identity"): an admin
 * adds a stylist by name and e-mail; the person then signs in with that e-mail through the identity
 * provider. Also the tenant slug of `npm run tenant:create`.
 */
import { z } from 'zod';
import { v } from './messages';

/**
 * `POST /facility/1/employees` (admin only): `{ name, email }`. The e-mail is trimmed and compared
 * lower-case; it becomes the stylist's id (`employeeId` in paths).
 */
export const ZStaffCreate = z
  .object({
    name: z.string().trim().min(1, v.nameRequired).max(120),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { error: v.emailInvalid, abort: true })
      .pipe(z.email(v.emailInvalid)),
  })
  .strict();
export type StaffCreate = z.infer<typeof ZStaffCreate>;

/**
 * A tenant slug: the first label of the salon's host name (`{slug}.example.com`), so a DNS label of
 * lower-case letters, digits and hyphens, 1–63 characters, not starting or ending with a hyphen.
 */
export const ZTenantSlug = z
  .string()
  .trim()
  .max(63, { error: v.slugInvalid, abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, v.slugInvalid);

/**
 * The input of `npm run tenant:create`: slug, business name (also the facility's name), the admin's
 * e-mail and optional name (default: the part before `@`).
 */
export const ZTenantCreate = z
  .object({
    slug: ZTenantSlug,
    name: z.string().trim().min(1, v.nameRequired).max(120),
    adminEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { error: v.emailInvalid, abort: true })
      .pipe(z.email(v.emailInvalid)),
    adminName: z.string().trim().min(1, v.nameRequired).max(120).optional(),
  })
  .strict();
export type TenantCreate = z.infer<typeof ZTenantCreate>;
