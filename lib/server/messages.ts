import 'server-only';
import messages from '@/lib/i18n/messages/es.json';

export type ErrorMessageKey = keyof typeof messages.errors;

/** The Spanish text of an API error message (from the one message file). */
export function errorMessage(key: ErrorMessageKey): string {
  return messages.errors[key];
}
