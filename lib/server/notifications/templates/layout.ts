/**
 * The shared shape of Klok's e-mails: a greeting, paragraphs, an optional
 * link, and the salon's name, address and phone at the foot, rendered twice from the same Spanish texts
 * (es.json `emails`): plain text and HTML. Every value that reaches the HTML (names, reasons, service names,
 * the salon's own data, links) is escaped; the fixed texts are escaped too, so no input can open a tag.
 * Pure: no I/O.
 */
import 'server-only';
import { longDateOf, timeOf } from '@/lib/format';
import { emailText } from '@/lib/server/messages';

/** The salon as the e-mails show it (the facility: name, address, phone). */
export type Salon = { name: string; address: string | null; phone: string | null };

/** A rendered e-mail (Spanish), ready for the outbox. */
export type RenderedEmail = { subject: string; text: string; html: string };

/** One block of an e-mail body: a paragraph, or a link shown as a button (text: the URL on its own line). */
export type Block = { kind: 'p'; text: string } | { kind: 'link'; label: string; href: string };

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `lunes, 30 de noviembre a las 10:00`: an instant (epoch ms, Date or ISO) in Madrid time. */
export function whenOf(instant: number | string | Date): string {
  const at = instant instanceof Date ? instant.getTime() : instant;
  return emailText('when', { date: longDateOf(at), time: timeOf(at) });
}

/** The greeting line: `Hola Ana:`, or `Hola:` without a name. */
export function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? emailText('greeting', { name: trimmed }) : emailText('greetingNoName', {});
}

/** The salon's lines at the foot: name, then address and phone when known. */
function footerLines(salon: Salon): string[] {
  const lines = [salon.name];
  if (salon.address?.trim()) lines.push(emailText('footerAddress', { address: salon.address.trim() }));
  if (salon.phone?.trim()) lines.push(emailText('footerPhone', { phone: salon.phone.trim() }));
  return lines;
}

/** Renders the subject and blocks as plain text and HTML, with the greeting first and the salon at the foot. */
export function renderEmail(subject: string, salon: Salon, blocks: Block[]): RenderedEmail {
  const footer = footerLines(salon);
  const text = [
    ...blocks.map((b) => (b.kind === 'p' ? b.text : b.href)),
    // The usual signature separator ("-- " on its own line) before the salon's lines.
    `-- \n${footer.join('\n')}`,
  ].join('\n\n');
  const body = blocks
    .map((b) =>
      b.kind === 'p'
        ? `<p style="margin:0 0 16px">${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 18px;background:#111827;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(b.href)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 16px">
<p style="margin:0;font-size:13px;color:#6b7280">${footer.map((l, i) => (i === 0 ? `<strong>${escapeHtml(l)}</strong>` : escapeHtml(l))).join('<br>')}</p>
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}
