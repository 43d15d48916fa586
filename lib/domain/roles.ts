/**
 * Roles and access levels (spec section 6; decisions "Admin-only actions"): the one definition that the
 * contract's schemas (lib/validation/dto.ts), the session and the route wrapper (lib/server) use.
 */

/** The roles of an account: a client, or staff (an employee or an admin, with identical rights except the admin-only actions). */
export const ROLES = ['client', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The staff roles. */
export const STAFF_ROLES = ['employee', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who may call a route: anyone of the tenant, any signed-in user, clients only, staff only, or admins only
 * (an employee gets 403 `forbidden` on an admin-only route).
 */
export type Access = 'public' | 'user' | 'client' | 'staff' | 'admin';
