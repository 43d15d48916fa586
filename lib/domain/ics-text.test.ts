import { icsLines, icsText } from './ics-text';

describe('icsText', () => {
  it.each([
    ['plain', 'Corte de pelo', 'Corte de pelo'],
    ['backslash', 'C:\\Klok', 'C:\\\\Klok'],
    ['semicolon and comma', 'Ana, Luis; Sara', 'Ana\\, Luis\\; Sara'],
    ['LF', 'a\nb', 'a\\nb'],
    ['CRLF', 'a\r\nb', 'a\\nb'],
    ['bare CR', 'Corte\rURL:http://evil.example', 'Corte\\nURL:http://evil.example'],
    ['CR then LF', 'a\r\rb\n\nc', 'a\\n\\nb\\n\\nc'],
    ['escape-like text', 'a\\nb', 'a\\\\nb'],
    ['forbidden controls', 'a\u0000b\u000bc\u007fd\te', 'abcd\te'],
  ])('escapes %s', (_, input, expected) => {
    expect(icsText(input)).toBe(expected);
  });
});

describe('icsLines', () => {
  it('turns every line break into LF and leaves the delimiters to the ics package', () => {
    expect(icsLines('Corte\rURL:x\r\nX\nY; a, b\\')).toBe('Corte\nURL:x\nX\nY; a, b\\');
  });
});
