import { IntlMessageFormat } from 'intl-messageformat';
import messages from '@/lib/i18n/messages/es.json';

/**
 * next-intl for component tests rendered with react-dom/server: next-intl ships ESM only, so a test
 * mocks it with this module (`jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'))`).
 * `useTranslations(namespace)` formats the Spanish messages with ICU (plurals, `#`, `{name}`) as next-intl
 * does, with dotted namespaces and keys (`clients.reliability`); an unknown key comes back as itself.
 */
export function useTranslations(namespace: string) {
  return (key: string, values: Record<string, string | number> = {}) => {
    const message = at(`${namespace}.${key}`);
    return typeof message !== 'string' ? key : String(new IntlMessageFormat(message, 'es').format(values));
  };
}

/** The message (or group) at a dotted path of the catalogue (`clients.reliability.title`), undefined when absent. */
function at(path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);
}
