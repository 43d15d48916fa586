import { NEXT_PATH_MAX, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each(['/', '/reservar', '/reservar/confirmar?hold=abc&x=1', '/mis-citas#proxima'])('accepts the same-origin path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative URL', '//evil.example/x'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash inside', '/a\\b'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'reservar'],
    ['a tab before the host', '/\t/evil.example'],
    ['a newline', '/a\nb'],
    ['a space', '/a b'],
    ['an API path', '/api/v1/auth/logout'],
    ['the API root', '/api'],
    ['an empty value', ''],
    ['a non-string', 42],
    ['a path too long', `/${'a'.repeat(NEXT_PATH_MAX)}`],
  ])('refuses %s', (_, value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});
