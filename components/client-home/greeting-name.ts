/**
 * The name of the client home's greeting "¡Hola {name}!" (spec section 2): the first name the
 * client typed at onboarding (`given_name`, "María José" of "María José Pérez Gil"), or — for accounts
 * without it (onboarded before it was stored, or named by staff) — the first word of the full name.
 */
export function greetingName(user: { name: string; given_name?: string | null }): string {
  const given = user.given_name?.trim().replace(/\s+/g, ' ');
  if (given) return given;
  return user.name.trim().split(/\s+/)[0] ?? '';
}
