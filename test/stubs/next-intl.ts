import { IntlMessageFormat } from 'intl-messageformat';
import messages from '@/lib/i18n/messages/es.json';

/**
 * next-intl for component tests rendered with react-dom/server: next-intl ships ESM only, so a test
 * mocks it with this module (`jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'))`).
 * `useTranslations(namespace)` formats the Spanish messages with ICU (plurals, `#`, `{name}`) as next-intl
 * does; an unknown key comes back as itself.
 */
export function useTranslations(namespace: string) {
  const catalogue = (messages as unknown as Record<string, Record<string, string>>)[namespace] ?? {};
  return (key: string, values: Record<string, string | number> = {}) => {
    const message = catalogue[key];
    return message === undefined ? key : String(new IntlMessageFormat(message, 'es').format(values));
  };
}
