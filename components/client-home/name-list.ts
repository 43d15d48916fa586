/** Names joined the Spanish way: "Ana, Leo y Mar". A module of its own: the booking wizard's first load reads it. */
export function nameList(names: string[]): string {
  return new Intl.ListFormat('es', { style: 'long', type: 'conjunction' }).format(names);
}
