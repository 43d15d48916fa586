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

/**
 * The role a read is answered for: the signed-in user's, or `client` for a visitor without a session
 * (beyond-the-spec section 1: a visitor browses services, stylists and free hours exactly as a client
 * does, with the client's view of stylists and the client's availability rules, never staff's).
 */
export function readerRole(role: Role | null | undefined): Role {
  return role ?? 'client';
}
