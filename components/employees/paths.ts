/**
 * Addresses of the employee screens (spec section 2): `/employees/{employeeId}[/edit/…]`, where the id is
 * the URL-encoded e-mail (`@` kept readable, as the agenda's column header writes it).
 */
import { pathSegment } from '@/components/agenda/paths';
import { ZEmail } from '@/lib/validation/common';

export type EmployeeEditor = 'week-schedule' | 'day-schedule' | 'services' | 'information';

/** The list of stylists. */
export const EMPLOYEES_HREF = '/employees';

/** The detail of a stylist, or one of its editors. */
export function employeeHref(email: string, editor?: EmployeeEditor): string {
  const base = `${EMPLOYEES_HREF}/${pathSegment(email)}`;
  return editor ? `${base}/edit/${editor}` : base;
}

/** The e-mail of a route's `employeeId` (decoded once; a malformed escape is kept as written). */
export function emailOfParam(employeeId: string): string {
  try {
    return decodeURIComponent(employeeId).trim();
  } catch {
    return employeeId.trim();
  }
}

/** The stylist's e-mail of a route's `employeeId` param (the URL-encoded e-mail), or null when it is not one. */
export async function employeeEmailOf(params: Promise<{ employeeId: string }>): Promise<string | null> {
  const { employeeId } = await params;
  const parsed = ZEmail.safeParse(emailOfParam(employeeId));
  return parsed.success ? parsed.data : null;
}
