import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { WhatsAppConsent } from '@/components/clients/whatsapp-consent';
import { whatsappSettingsPath } from '@/lib/api-client/whatsapp-settings';
import messages from '@/lib/i18n/messages/es.json';
import type { WhatsAppSettings } from '@/lib/validation/whatsapp';
import { WhatsAppSettingsSection } from './whatsapp-settings';

/**
 * WhatsApp Business in Ajustes del negocio and the client's WhatsApp state on its detail, as rendered: the
 * status, the credentials' fields (masked placeholders while connected), the values Meta needs, Desconectar
 * only while connected; WhatsApp: sí / dado de baja / número no válido with the button that turns it off or on.
 */

jest.mock('next-intl', () => jest.requireActual('@/test/stubs/next-intl'));

const m = messages.businessSettings.whatsapp;
const WEBHOOK = 'https://klok.example.es/api/v1/webhooks/whatsapp';
const NOT_CONNECTED: WhatsAppSettings = {
  connected: false,
  phone_number_id: null,
  access_token: null,
  app_secret: null,
  verify_token: null,
  webhook_url: WEBHOOK,
  version: '0',
};
const CONNECTED: WhatsAppSettings = {
  connected: true,
  phone_number_id: '109876543210987',
  access_token: '••••wxyz',
  app_secret: '••••abcd',
  verify_token: 'verificacion_0123456789abcdefABCDEF',
  webhook_url: WEBHOOK,
  version: '3',
};

/** The section's markup with the connection already loaded (a fresh SWR cache each time). */
const html = (settings: WhatsAppSettings) =>
  renderToStaticMarkup(
    <SWRConfig value={{ provider: () => new Map(), fallback: { [whatsappSettingsPath()]: settings } }}>
      <WhatsAppSettingsSection />
    </SWRConfig>,
  );

describe('WhatsAppSettingsSection', () => {
  it('not connected: Sin conectar, empty password fields, the webhook URL to copy, no verify token, no Desconectar', () => {
    const markup = html(NOT_CONNECTED);
    expect(markup).toContain(`<h3 id="`);
    expect(markup).toContain(m.title);
    expect(markup).toContain(m.hint);
    expect(markup).toContain(`>${m.notConnected}</span>`);
    expect(markup).toContain(m.phoneNumberId);
    expect(markup.match(/type="password"/g)).toHaveLength(2);
    expect(markup).not.toContain('placeholder=');
    expect(markup).toContain(`value="${WEBHOOK}"`);
    expect(markup).toContain(`aria-label="Copiar ${m.webhookUrl}"`);
    expect(markup).not.toContain(m.verifyToken);
    expect(markup).not.toContain(`>${m.disconnect}</button>`);
    expect(markup).not.toContain(m.keepHint);
  });

  it('connected: Conectado, the stored id, masked placeholders that keep the credentials, the verify token and Desconectar', () => {
    const markup = html(CONNECTED);
    expect(markup).toContain(`>${m.connected}</span>`);
    expect(markup).toContain('value="109876543210987"');
    expect(markup).toContain('placeholder="••••wxyz"');
    expect(markup).toContain('placeholder="••••abcd"');
    expect(markup.match(new RegExp(m.keepHint, 'g'))).toHaveLength(2);
    expect(markup).toContain(`value="${CONNECTED.verify_token}"`);
    expect(markup).toContain(`aria-label="Copiar ${m.verifyToken}"`);
    expect(markup).toContain(`>${m.disconnect}</button>`);
    // Nothing typed yet: Guardar waits.
    expect(markup).toMatch(new RegExp(`<button type="submit"[^>]* disabled=""[^>]*>${m.save}</button>`));
  });
});

describe('WhatsAppConsent', () => {
  const c = messages.clients.whatsapp;
  const consent = (opted_out_at: string | null, invalid_at: string | null) =>
    renderToStaticMarkup(<WhatsAppConsent email="ana@example.com" consent={{ opted_out_at, invalid_at }} />);

  it('says whether the client gets WhatsApp messages, with the button that changes it', () => {
    expect(consent(null, null)).toContain(`>${c.active}</p>`);
    expect(consent(null, null)).toContain(`>${c.optOut}</button>`);
    expect(consent('2027-05-01T10:00:00.000Z', null)).toContain(`>${c.optedOut}</p>`);
    expect(consent('2027-05-01T10:00:00.000Z', null)).toContain(`>${c.optIn}</button>`);
    expect(consent(null, '2027-05-01T10:00:00.000Z')).toContain(`>${c.invalid}</p>`);
    expect(consent(null, '2027-05-01T10:00:00.000Z')).toContain(`>${c.optOut}</button>`);
  });
});
