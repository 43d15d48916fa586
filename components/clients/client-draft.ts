/**
 * Pure helpers of the client screens (spec sections 2 and 5): the list's newly invited clients, and the
 * drafts of the two editors validated with the contract's schema (`ZStaffUserPatch`: name, sub-users —
 * at most 3, names non-empty —, allowance a whole number ≥ 0) and its Spanish messages.
 */
import { keepDraftItems } from '@/components/ui/keep-draft';
import { foldForSearch } from '@/lib/domain/search';
import type { ClientListItem, SubUser, UserDto } from '@/lib/validation/dto';
import { ZStaffUserPatch, type StaffUserPatch } from '@/lib/validation/users';

/** A just-invited client as a list card shows it: no visits yet, so `nuevo`. */
export function listItemOf(user: UserDto): ClientListItem {
  return {
    email: user.email,
    name: user.name,
    tlf: user.tlf,
    is_guest: user.is_guest,
    n_appointments_allowed: user.n_appointments_allowed,
    users: user.users,
    visits: 0,
    last_visit: null,
    reliability_tier: 'nuevo',
    created_at: user.created_at,
  };
}

/** True when a client's name or e-mail contains the search (case- and accent-insensitive; empty matches all). */
export function matchesSearch(client: Pick<ClientListItem, 'name' | 'email'>, search: string): boolean {
  // The server's own fold (lib/domain/search), so a just-invited client matches as the next answer will.
  const q = foldForSearch(search.trim());
  return q === '' || foldForSearch(client.name).includes(q) || foldForSearch(client.email).includes(q);
}

/**
 * The list as shown: the clients invited from this screen that the loaded pages do not hold yet (and that
 * match the search) first, then the loaded ones.
 */
export function withInvited(loaded: ClientListItem[], invited: ClientListItem[], search: string): ClientListItem[] {
  const known = new Set(loaded.map((c) => c.email.toLowerCase()));
  const extra = invited.filter((c) => !known.has(c.email.toLowerCase()) && matchesSearch(c, search));
  return [...extra, ...loaded];
}

// ---------------------------------------------------------------- Editar información

/** The editable values of Editar información as typed: the name and the allowance (text of a number field). */
export type InformationValues = { name: string; allowance: string };

export type InformationField = 'name' | 'n_appointments_allowed';

/** The allowance typed, as a number for the schema (NaN when empty or not a number). */
export function allowanceOf(text: string): number {
  const t = text.trim();
  return t === '' ? Number.NaN : Number(t);
}

/** What changed, as the `PATCH` body (the name trimmed as the schema trims it). */
export function informationChanges(values: InformationValues, initial: { name: string; n_appointments_allowed: number }) {
  const out: { name?: string; n_appointments_allowed?: number } = {};
  if (values.name.trim() !== initial.name.trim()) out.name = values.name;
  const allowance = allowanceOf(values.allowance);
  if (allowance !== initial.n_appointments_allowed) out.n_appointments_allowed = allowance;
  return out;
}

const ZInformation = ZStaffUserPatch.pick({ name: true, n_appointments_allowed: true });

export type InformationCheck =
  | { ok: true; body: StaffUserPatch; messages: Partial<Record<InformationField, string>> }
  | { ok: false; body: null; messages: Partial<Record<InformationField, string>> };

/** The changes validated with the contract: the body to send, or the schema's message of each invalid field. */
export function checkInformation(changes: ReturnType<typeof informationChanges>): InformationCheck {
  const parsed = ZInformation.safeParse(changes);
  if (parsed.success) return { ok: true, body: parsed.data, messages: {} };
  const messages: Partial<Record<InformationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'n_appointments_allowed') && !messages[field]) messages[field] = issue.message;
  }
  return { ok: false, body: null, messages };
}

// ---------------------------------------------------------------- Editar usuarios

/** A row of the sub-user editor: a stable key for React, the sub-user's id when it exists already, the name typed. */
export type UserRow = { key: string; id?: string; name: string };

/** The rows of the saved sub-users. */
export function rowsOf(users: SubUser[]): UserRow[] {
  return users.map((u) => ({ key: u.id, id: u.id, name: u.name }));
}

/** The `users` of the `PATCH` body: kept sub-users with their id, new ones without. */
export function usersBody(rows: UserRow[]): { id?: string; name: string }[] {
  return rows.map((r) => (r.id ? { id: r.id, name: r.name } : { name: r.name }));
}

/** True when the rows differ from the saved sub-users (order, ids or trimmed names). */
export function usersChanged(rows: UserRow[], saved: SubUser[]): boolean {
  if (rows.length !== saved.length) return true;
  return rows.some((r, i) => r.id !== saved[i]?.id || r.name.trim() !== saved[i]?.name.trim());
}

/**
 * The rows after a stale save (components/ui/keep-draft.ts): rows the person renamed, added or removed keep
 * their draft; every other row shows the current sub-user (a colleague's rename or new sub-user appears).
 */
export function keepDraftRows(loaded: UserRow[], draft: UserRow[], current: UserRow[]): UserRow[] {
  return keepDraftItems(loaded, draft, current, (r) => r.key, (a, b) => a.id === b.id && a.name.trim() === b.name.trim());
}

/** The sub-users the rows of a loaded client stand for (every row has its id). */
export function savedOf(rows: UserRow[]): SubUser[] {
  return rows.map((r) => ({ id: r.id ?? r.key, name: r.name }));
}

export type UsersCheck = {
  ok: boolean;
  body: { id?: string; name: string }[] | null;
  /** Indexes of the rows whose name is invalid (empty). */
  invalidRows: number[];
  /** The schema's message of each invalid row, by index. */
  rowMessages: Record<number, string>;
  /** The list's own message (too many: No se pueden agregar más de 3 usuarios), from the schema. */
  listMessage?: string;
};

const ZUsers = ZStaffUserPatch.pick({ users: true });

/** The rows validated with the contract (`users`: at most 3, names non-empty). */
export function checkUsers(rows: UserRow[]): UsersCheck {
  const parsed = ZUsers.safeParse({ users: usersBody(rows) });
  if (parsed.success) return { ok: true, body: parsed.data.users ?? [], invalidRows: [], rowMessages: {} };
  const rowMessages: Record<number, string> = {};
  let listMessage: string | undefined;
  for (const issue of parsed.error.issues) {
    const [, index] = issue.path;
    if (typeof index === 'number') rowMessages[index] ??= issue.message;
    else listMessage ??= issue.message;
  }
  const invalidRows = Object.keys(rowMessages)
    .map(Number)
    .sort((a, b) => a - b);
  return { ok: false, body: null, invalidRows, rowMessages, listMessage };
}

/**
 * Whether one more row fits: null when it does, else the schema's message for the list one row longer
 * (No se pueden agregar más de 3 usuarios).
 */
export function addUserRefusal(rows: UserRow[]): string | null {
  const longer = [...rows.map((r) => ({ ...r, name: r.name.trim() || 'x' })), { key: 'new', name: 'x' }];
  const check = checkUsers(longer);
  return check.ok ? null : (check.listMessage ?? null);
}
