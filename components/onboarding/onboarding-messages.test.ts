import { IntlMessageFormat } from 'intl-messageformat';
import messages from '@/lib/i18n/messages/es.json';

/** An `onboarding` message formatted with ICU, as next-intl formats it. */
const t = (key: keyof typeof messages.onboarding, values: Record<string, string | number>) =>
  String(new IntlMessageFormat(messages.onboarding[key], 'es').format(values));

describe('onboarding messages', () => {
  it('counts down the resend wait in singular and plural', () => {
    expect(t('wait', { seconds: 1 })).toBe('Espera 1 segundo');
    expect(t('wait', { seconds: 30 })).toBe('Espera 30 segundos');
  });

  it('tells a refused number which countries are accepted', () => {
    expect(t('phoneCountryRefused', { countries: 'España', count: 1 })).toBe(
      'Este negocio solo admite números de España. Escribe un número de ese país o pide ayuda en el salón.',
    );
    expect(t('phoneCountryRefused', { countries: 'España y Portugal', count: 2 })).toContain('uno de esos países');
  });
});
