/**
 * The client search of the staff appointment flow: the tenant's clients (`GET /api/v1/users`) filtered
 * by what staff type, on name or e-mail, ignoring case and accents. The guest is never offered (it is
 * what an empty e-mail means). Pure.
 */

/** A client as `GET /api/v1/users` lists it (only the fields the search needs). */
export type ClientSummary = { email: string; name: string; tlf?: string | null; is_guest?: boolean };

/** Lower case without diacritics, for accent-insensitive matching (`José` matches `jose`). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/**
 * The clients matching `query` (every word must appear in the name, the e-mail or the phone), the
 * ones whose name starts with the query first, at most `limit`; none for an empty query.
 */
export function searchClients(clients: ClientSummary[], query: string, limit = 6): ClientSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const q = words.join(' ');
  const scored = clients
    .filter((c) => !c.is_guest && c.email)
    .map((c) => ({ c, name: fold(c.name), haystack: `${fold(c.name)} ${c.email.toLowerCase()} ${(c.tlf ?? '').replace(/\s/g, '')}` }))
    .filter(({ haystack }) => words.every((w) => haystack.includes(w)))
    .map(({ c, name }) => ({ c, rank: name.startsWith(q) ? 0 : name.split(/\s+/).some((part) => part.startsWith(words[0]!)) ? 1 : 2 }));
  scored.sort((a, b) => a.rank - b.rank || a.c.name.localeCompare(b.c.name, 'es'));
  return scored.slice(0, limit).map(({ c }) => c);
}
