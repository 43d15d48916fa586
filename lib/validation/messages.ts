import messages from '@/lib/i18n/messages/es.json';

/** Spanish messages of the zod schemas (shared by forms and handlers), from the one message file. */
export const v = messages.validation;
