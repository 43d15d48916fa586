/** A path segment for an e-mail id (`/employees/{email}`, `/clients/{email}`): encoded, but `@` kept readable. */
export function pathSegment(id: string): string {
  return encodeURIComponent(id).replace(/%40/g, '@');
}
