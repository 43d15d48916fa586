/** Erasing identifiers from text (lib/domain/redact.ts). */
import { maskLinkTokens, maskToken, redactDeep, redactor } from './redact';

const redact = redactor([
  { from: 'Ana', to: 'Cliente eliminado' },
  { from: 'Ana García', to: 'Cliente eliminado' },
  { from: 'ana@correo.es', to: 'eliminado@x.invalid' },
  { from: '+34600111222', to: '' },
  { from: ' ', to: 'never' },
]);

test.each([
  ['the full name before the first name', '¡Hola Ana García!', '¡Hola Cliente eliminado!'],
  ['the first name alone, any case', 'hola ANA, ¿vienes?', 'hola Cliente eliminado, ¿vienes?'],
  ['not inside a longer word', 'Anabel y Mariana', 'Anabel y Mariana'],
  ['the e-mail', 'Para: ana@correo.es.', 'Para: eliminado@x.invalid.'],
  ['the phone', 'Tel. +34600111222', 'Tel. '],
])('%s', (_name, text, expected) => {
  expect(redact(text)).toBe(expected);
});

test('redactDeep reaches every string of a JSON value and keeps the rest', () => {
  const value = { to: 'ana@correo.es', n: 3, list: ['Ana García', { body: 'Cita de Ana' }], ok: true, none: null };
  expect(redactDeep(value, redact)).toEqual({ to: 'eliminado@x.invalid', n: 3, list: ['Cliente eliminado', { body: 'Cita de Cliente eliminado' }], ok: true, none: null });
});

test('maskToken keeps the last 4 characters only', () => {
  expect(maskToken('fcm-token-abcdef1234')).toBe('••••1234');
  expect(maskToken(null)).toBeNull();
});

test('a message text keeps its links but not the tokens that open them', () => {
  const text = 'Entra aquí: https://klok.example/api/v1/auth/email-link/callback?token=abc_DEF-123 o confirma en https://klok.example/c/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdef.';
  expect(maskLinkTokens(text)).toBe('Entra aquí: https://klok.example/api/v1/auth/email-link/callback?token=•••• o confirma en https://klok.example/c/••••.');
  expect(maskLinkTokens('Sin enlaces /c/ aquí')).toBe('Sin enlaces /c/ aquí');
});
