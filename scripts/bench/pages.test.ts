import { scriptUrls, sessionCookie } from './pages';

describe('scriptUrls', () => {
  it('collects script sources and script preloads once each, resolved, skipping nomodule polyfills and styles', () => {
    const html = `<html><head>
      <link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>
      <link rel="modulepreload" href="/_next/static/chunks/m.js">
      <link rel="preload" href="/_next/static/chunks/s.css" as="style"/>
      <link rel="stylesheet" href="/x.css">
      <script src="/_next/static/chunks/a.js" async=""></script>
      <script src='/_next/static/chunks/b.js?v=1&amp;x=2'></script>
      <script src="/_next/static/chunks/poly.js" noModule=""></script>
      <script nonce="n">self.__next_f.push([1])</script>
    </head></html>`;
    expect(scriptUrls(html, 'http://localhost:3000/login')).toEqual([
      'http://localhost:3000/_next/static/chunks/a.js',
      'http://localhost:3000/_next/static/chunks/b.js?v=1&x=2',
      'http://localhost:3000/_next/static/chunks/m.js',
    ]);
  });
});

describe('sessionCookie', () => {
  it('names a bare token and keeps a pair', () => {
    expect(sessionCookie('abc')).toBe('klok_session=abc');
    expect(sessionCookie('klok_session=abc')).toBe('klok_session=abc');
  });
});
