/**
 * The local mail catcher's messages (scripts/dev-smtp.ts writes them as `.eml` under DEV_MAIL_DIR), read
 * for the staff page `/mail`. Only when the catcher runs: `DEV_MAIL_DIR` is set by scripts/start.ts.
 */
import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

/** A caught e-mail in the list. `id` is its file name. */
export type CaughtMailSummary = { id: string; date: string | null; to: string; subject: string };
/** A caught e-mail in full: plain text, sanitized HTML (null when none) and the attachments' names. */
export type CaughtMail = CaughtMailSummary & {
  from: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
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

async function parse(dir: string, id: string) {
  return simpleParser(await readFile(path.join(dir, id)));
}

/** The newest caught e-mails first. */
export async function listCaughtMail(dir: string): Promise<CaughtMailSummary[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => ID.test(n));
  } catch {
    return [];
  }
  names.sort().reverse();
  return Promise.all(
    names.slice(0, LIST_LIMIT).map(async (id) => {
      const m = await parse(dir, id);
      return { id, date: m.date?.toISOString() ?? null, to: addresses(m.to), subject: m.subject ?? '' };
    }),
  );
}

/** One caught e-mail, or null when `id` is not one of the catcher's files. */
export async function readCaughtMail(dir: string, id: string): Promise<CaughtMail | null> {
  if (!ID.test(id)) return null;
  let m;
  try {
    m = await parse(dir, id);
  } catch {
    return null;
  }
  return {
    id,
    date: m.date?.toISOString() ?? null,
    to: addresses(m.to),
    from: addresses(m.from),
    subject: m.subject ?? '',
    text: m.text ?? '',
    html: typeof m.html === 'string' ? sanitizeHtml(m.html) : null,
    attachments: m.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
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
