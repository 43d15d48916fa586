/**
 * The local mail catcher's messages (scripts/dev-smtp.ts writes them as `.eml` under DEV_MAIL_DIR, one
 * folder per sending tenant), read for the staff page `/mail`. Only when the catcher runs: `DEV_MAIL_DIR` is
 * set by scripts/start.ts. Every reader takes the tenant of the signed-in staff member and sees only that
 * tenant's messages (lib/mail-tenant.ts); another tenant's message is not found.
 */
import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { TENANT_HEADER, tenantMailFolder } from '@/lib/mail-tenant';

/** A caught e-mail in the list. `id` is its file name. */
export type CaughtMailSummary = { id: string; date: string | null; to: string; subject: string };
/**
 * A caught e-mail in full: plain text, sanitized HTML (null when none) and the attachments, each with a
 * `data:` URL of its content (type and bytes as sent) for the page's download link.
 */
export type CaughtMail = CaughtMailSummary & {
  from: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number; href: string }[];
};

/** How many of the newest messages the list shows. */
const LIST_LIMIT = 200;
const ID = /^[0-9TZ]+-[0-9a-f]+\.eml$/;

/** The catcher's folder, or null when the catcher is not running (the page is then a 404). */
export function devMailDir(): string | null {
  return process.env.DEV_MAIL_DIR || null;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** Parses one message of the tenant's folder; null when it is missing, unreadable or names another tenant. */
async function parse(dir: string, tenantId: number, id: string): Promise<ParsedMail | null> {
  let m: ParsedMail;
  try {
    m = await simpleParser(await readFile(path.join(dir, tenantMailFolder(tenantId), id)));
  } catch {
    return null;
  }
  // The folder comes from this header; checking it again keeps a misfiled message out of the page.
  return m.headers.get(TENANT_HEADER.toLowerCase())?.toString().trim() === String(tenantId) ? m : null;
}

/**
 * The newest caught e-mails of tenant `tenantId` first (at most the newest 200); those of other tenants
 * and untagged ones are never listed. Empty when the tenant has none.
 */
export async function listCaughtMail(dir: string, tenantId: number): Promise<CaughtMailSummary[]> {
  let names: string[];
  try {
    names = (await readdir(path.join(dir, tenantMailFolder(tenantId)))).filter((n) => ID.test(n));
  } catch {
    return [];
  }
  names.sort().reverse();
  const parsed = await Promise.all(
    names.slice(0, LIST_LIMIT).map(async (id): Promise<CaughtMailSummary | null> => {
      const m = await parse(dir, tenantId, id);
      return m && { id, date: m.date?.toISOString() ?? null, to: addresses(m.to), subject: m.subject ?? '' };
    }),
  );
  return parsed.filter((m): m is CaughtMailSummary => m !== null);
}

/**
 * One caught e-mail of tenant `tenantId`, or null when `id` is not one of that tenant's catcher files
 * (another tenant's message, a path, an unknown name): the page answers 404.
 */
export async function readCaughtMail(dir: string, tenantId: number, id: string): Promise<CaughtMail | null> {
  if (!ID.test(id)) return null;
  const m = await parse(dir, tenantId, id);
  if (!m) return null;
  return {
    id,
    date: m.date?.toISOString() ?? null,
    to: addresses(m.to),
    from: addresses(m.from),
    subject: m.subject ?? '',
    text: m.text ?? '',
    html: typeof m.html === 'string' ? sanitizeHtml(m.html) : null,
    attachments: m.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      size: a.size,
      href: `data:${a.contentType};base64,${a.content.toString('base64')}`,
    })),
  };
}

/**
 * Makes an e-mail's HTML inert for display in a sandboxed iframe (no scripts, plugins, frames, forms,
 * event handlers or `javascript:` URLs), under a policy that loads nothing from the network.
 */
export function sanitizeHtml(html: string): string {
  const dangerous = 'script|iframe|frame|frameset|object|embed|applet|form|base|meta|link|noscript|template';
  const cleaned = html
    .replace(new RegExp(`<(${dangerous})\\b[\\s\\S]*?<\\/\\1\\s*>`, 'gi'), '')
    .replace(new RegExp(`<\\/?(${dangerous})\\b[^>]*>`, 'gi'), '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src|action|xlink:href)\s*=\s*("\s*(?:javascript|vbscript|data):[^"]*"|'\s*(?:javascript|vbscript|data):[^']*'|(?:javascript|vbscript|data):[^\s>]+)/gi, '$1="#"');
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`;
  return `${policy}\n${cleaned}`;
}
