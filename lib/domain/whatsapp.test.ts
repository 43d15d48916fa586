import { clickToChatUrl, whatsAppDigits } from './whatsapp';

describe('click to chat', () => {
  it('takes the digits of an E.164 phone', () => {
    expect(whatsAppDigits('+34612345678')).toBe('34612345678');
    expect(whatsAppDigits('+34 612 34 56 78')).toBe('34612345678');
    expect(whatsAppDigits(null)).toBeNull();
    expect(whatsAppDigits('+34 61')).toBeNull();
  });

  it('opens a chat with the message typed in, encoded whole (accents, line breaks, a link)', () => {
    const text = 'Hola Ana, ¿vienes mañana?\nConfírmalo aquí: https://klok.example/c/abc?x=1&y=2';
    const url = clickToChatUrl('+34612345678', text)!;
    expect(url.startsWith('https://wa.me/34612345678?text=')).toBe(true);
    expect(decodeURIComponent(new URL(url).search.slice('?text='.length))).toBe(text);
    expect(new URL(url).searchParams.get('text')).toBe(text);
    expect(clickToChatUrl('+34612345678')).toBe('https://wa.me/34612345678');
    expect(clickToChatUrl(undefined, text)).toBeNull();
  });
});
