import { readFileSync } from 'node:fs';
import path from 'node:path';
import messages from '@/lib/i18n/messages/es.json';
import {
  advancesStatus,
  metaFailure,
  optKeyword,
  parseQuickReply,
  quickReplyPayload,
  TEMPLATE_NAMES,
  templateRequest,
  WHATSAPP_TEMPLATES,
} from './whatsapp-cloud';

const ID = '5b0c2a52-8d7e-4a57-9a33-0d1f4c1e2b3a';

describe('template requests', () => {
  it('sends each template in es_ES with its body parameters in order', () => {
    for (const name of TEMPLATE_NAMES) {
      const params = WHATSAPP_TEMPLATES[name].params.map((p, i) => `${p}-${i + 1}`);
      const body = templateRequest({ to: '34612345678', template: name, params, appointmentId: ID });
      expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '34612345678', type: 'template', template: { name, language: { code: 'es_ES' } } });
      expect(body.template.components[0]).toEqual({ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) });
    }
  });

  it('gives confirma_tu_cita two quick replies that answer its appointment', () => {
    const body = templateRequest({ to: '34612345678', template: 'confirma_tu_cita', params: ['Ana', 'Salón', 'Corte', 'mañana', 'Sara'], appointmentId: ID });
    expect(body.template.components.slice(1)).toEqual([
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `confirm:${ID}` }] },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `cancel:${ID}` }] },
    ]);
    expect(() => templateRequest({ to: '34612345678', template: 'confirma_tu_cita', params: ['Ana', 'Salón', 'Corte', 'mañana', 'Sara'] })).toThrow(RangeError);
  });

  it('refuses a wrong parameter count, fills an empty one and folds line breaks (Meta refuses both)', () => {
    expect(() => templateRequest({ to: '1', template: 'recordatorio_cita', params: ['Ana'] })).toThrow(RangeError);
    const body = templateRequest({ to: '1', template: 'recordatorio_cita', params: ['Ana', '', 'Corte\ny tinte', 'mañana', 'Sara'] });
    expect(body.template.components[0]!.parameters.map((p) => ('text' in p ? p.text : null))).toEqual(['Ana', '-', 'Corte y tinte', 'mañana', 'Sara']);
  });

  it('has a Spanish text in the message file and the README for every template, with one placeholder per parameter', () => {
    const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
    for (const name of TEMPLATE_NAMES) {
      const text = messages.whatsappTemplates[name];
      const placeholders = [...text.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1]));
      expect(placeholders).toEqual(WHATSAPP_TEMPLATES[name].params.map((_, i) => i + 1));
      expect(readme).toContain(text.replace(/\{(\d+)\}/g, '{{$1}}'));
    }
  });
});

describe('replies', () => {
  it('reads back its own quick-reply payloads only', () => {
    expect(parseQuickReply(quickReplyPayload('confirm', ID))).toEqual({ action: 'confirm', appointmentId: ID });
    expect(parseQuickReply(`cancel:${ID.toUpperCase()}`)).toEqual({ action: 'cancel', appointmentId: ID });
    expect(parseQuickReply('confirm:42')).toBeNull();
    expect(parseQuickReply('Confirmo')).toBeNull();
    expect(parseQuickReply(undefined)).toBeNull();
  });

  it('reads BAJA and ALTA whatever the case, accents and punctuation', () => {
    expect(optKeyword('BAJA')).toBe('out');
    expect(optKeyword(' baja. ')).toBe('out');
    expect(optKeyword('Stop')).toBe('out');
    expect(optKeyword('¡Alta!')).toBe('in');
    expect(optKeyword('ÁLTA')).toBe('in');
    expect(optKeyword('dar de baja')).toBeNull();
    expect(optKeyword('Hola, ¿a qué hora abrís?')).toBeNull();
  });
});

describe('Meta’s refusals', () => {
  it('retries rate limits, 429, 5xx and no answer; fails an invalid number and anything else', () => {
    expect(metaFailure(429, 130429)).toBe('retry');
    expect(metaFailure(400, 131056)).toBe('retry');
    expect(metaFailure(400, 80007)).toBe('retry');
    expect(metaFailure(503, null)).toBe('retry');
    expect(metaFailure(0, null)).toBe('retry');
    expect(metaFailure(400, 131026)).toBe('invalid_number');
    expect(metaFailure(401, 190)).toBe('fail');
    expect(metaFailure(400, 132001)).toBe('fail');
  });

  it('moves a delivery status forward only', () => {
    expect(advancesStatus(null, 'sent')).toBe(true);
    expect(advancesStatus('sent', 'delivered')).toBe(true);
    expect(advancesStatus('read', 'delivered')).toBe(false);
    expect(advancesStatus('delivered', 'failed')).toBe(true);
    expect(advancesStatus('read', 'failed')).toBe(false);
    expect(advancesStatus('failed', 'delivered')).toBe(false);
  });
});
