/**
 * The page a view gets while the database is unavailable: 503 with `Retry-After: 5` and a small Spanish
 * page (the API's `unavailable` message and a "Reintentar" link to the same address), styled inline under
 * the given CSP nonce. The middleware answers it when a session cannot be checked, and the edge when a page
 * fails to render because the database failed under it (request-state.ts); the app's own layouts need the
 * database too, so it is plain markup.
 */
import messages from '../i18n/messages/es.json';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Seconds a client is asked to wait before trying again (`Retry-After`). */
export const UNAVAILABLE_RETRY_AFTER = '5';

/** The HTML of the page, with `target` (a same-origin path) behind "Reintentar". */
export function unavailablePageHtml(nonce: string, target: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Klok</title><style nonce="${nonce}">body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1rem;font-family:system-ui,sans-serif;color:#1f2937;background:#fff;text-align:center}h1{font-size:1.15rem;font-weight:600;max-width:28rem;line-height:1.4}a{display:inline-block;margin-top:1rem;padding:.7rem 1.4rem;border-radius:.5rem;background:#1f2937;color:#fff;text-decoration:none;font-weight:600}</style></head><body><main role="alert"><h1>${escapeHtml(messages.errors.unavailable)}</h1><a href="${escapeHtml(target)}">${escapeHtml(messages.common.retry)}</a></main></body></html>`;
}
