import 'server-only';
import messages from '@/lib/i18n/messages/es.json';

export type ErrorMessageKey = keyof typeof messages.errors;
export type EmailMessageKey = keyof typeof messages.emails;

/** The Spanish text of an API error message (from the one message file). */
export function errorMessage(key: ErrorMessageKey): string {
  return messages.errors[key];
}

/** A Spanish e-mail text with `{name}` placeholders filled in. */
export function emailText(key: EmailMessageKey, values: Record<string, string>): string {
  return messages.emails[key].replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}
