import { DEFAULT_PUBLIC_HOSTS, edgeView, hostAllowed, isTrustedProxy, originFormTarget, pathEscapesValid } from './forwarding';

describe('hostAllowed', () => {
  it.each([
    ['localhost:3000', DEFAULT_PUBLIC_HOSTS, true],
    ['klok.localhost:3000', DEFAULT_PUBLIC_HOSTS, true],
    ['127.0.0.1:3100', DEFAULT_PUBLIC_HOSTS, true],
    ['[::1]:3000', DEFAULT_PUBLIC_HOSTS, true],
    ['klok.evil.example', DEFAULT_PUBLIC_HOSTS, false],
    ['evil.example', DEFAULT_PUBLIC_HOSTS, false],
    ['a.b.localhost', DEFAULT_PUBLIC_HOSTS, false],
    ['localhost.evil.example', DEFAULT_PUBLIC_HOSTS, false],
    ['salon.klok.app', ['klok.app', '*.klok.app'], true],
    ['KLOK.app', ['klok.app', '*.klok.app'], true],
    ['klok.app.evil.example', ['klok.app', '*.klok.app'], false],
    ['xklok.app', ['klok.app', '*.klok.app'], false],
    ['', DEFAULT_PUBLIC_HOSTS, false],
    ['local host', DEFAULT_PUBLIC_HOSTS, false],
  ])('%s → %s', (host, patterns, expected) => {
    expect(hostAllowed(host, patterns)).toBe(expected);
  });
});

describe('edgeView', () => {
  const cfg = { trustedProxies: ['10.0.0.5'], internalToken: 'secret-token' };
  const spoofed = {
    host: 'klok.localhost:3000',
    'x-forwarded-host': 'klok.evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '6.6.6.6',
    'x-klok-client-ip': '7.7.7.7',
  };

  it('ignores forwarded headers from a socket that is not a trusted proxy', () => {
    expect(edgeView({ headers: spoofed, remoteAddress: '::ffff:203.0.113.9', encrypted: false }, cfg)).toEqual({
      host: 'klok.localhost:3000',
      proto: 'http',
      clientIp: '203.0.113.9',
    });
  });

  it('honours a trusted proxy, taking the right-most address that is not a proxy', () => {
    const view = edgeView(
      {
        headers: { host: 'internal:3000', 'x-forwarded-host': 'salon.klok.app', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.5' },
        remoteAddress: '10.0.0.5',
        encrypted: false,
      },
      cfg,
    );
    expect(view).toEqual({ host: 'salon.klok.app', proto: 'https', clientIp: '198.51.100.7' });
  });

  it('believes the forwarded host and IP of our own middleware only with the internal token', () => {
    const internal = { ...spoofed, 'x-forwarded-host': 'salon2.localhost:3000', 'x-klok-internal': 'secret-token' };
    expect(edgeView({ headers: internal, remoteAddress: '127.0.0.1', encrypted: false }, cfg)).toMatchObject({
      host: 'salon2.localhost:3000',
      clientIp: '7.7.7.7',
    });
    const forged = { ...internal, 'x-klok-internal': 'guess' };
    expect(edgeView({ headers: forged, remoteAddress: '127.0.0.1', encrypted: false }, cfg)).toMatchObject({
      host: 'klok.localhost:3000',
      clientIp: '127.0.0.1',
    });
    expect(edgeView({ headers: { ...internal, 'x-klok-internal': '' }, remoteAddress: '127.0.0.1', encrypted: false }, { ...cfg, internalToken: '' }).host).toBe(
      'klok.localhost:3000',
    );
  });

  it('takes the scheme from the socket without a proxy', () => {
    expect(edgeView({ headers: { host: 'klok.app' }, remoteAddress: '1.2.3.4', encrypted: true }, cfg).proto).toBe('https');
  });
});

describe('isTrustedProxy', () => {
  it('matches exact addresses and the loopback keyword', () => {
    expect(isTrustedProxy('::ffff:127.0.0.1', ['loopback'])).toBe(true);
    expect(isTrustedProxy('::1', ['loopback'])).toBe(true);
    expect(isTrustedProxy('127.0.0.1', [])).toBe(false);
    expect(isTrustedProxy('10.0.0.6', ['10.0.0.5'])).toBe(false);
  });
});

describe('pathEscapesValid', () => {
  it.each([
    ['/api/v1/users/ana%40klok.demo', true],
    ['/api/v1/users/%ZZ', false],
    ['/api/v1/users/%E0%A4%A', false],
    ['/api/v1/users/%C3%B1?q=%ZZ', true],
    ['/', true],
  ])('%s → %s', (url, ok) => expect(pathEscapesValid(url)).toBe(ok));
});

describe('originFormTarget', () => {
  it.each([
    ['/login?next=%2F', 'localhost:3000', '/login?next=%2F'],
    ['http://localhost:3000/login', 'localhost:3000', '/login'],
    ['HTTP://LocalHost:3000/login?a=1', 'localhost:3000', '/login?a=1'],
    ['http://klok.app/login', 'klok.app:80', '/login'],
    ['https://klok.app:443/', 'KLOK.app', '/'],
    ['http://localhost:3000', 'localhost:3000', '/'],
    ['http://localhost:3000?a=1', 'localhost:3000', '/?a=1'],
    ['http://[::1]:3000/x', '[::1]:3000', '/x'],
  ])('%s with Host %s → %s', (target, host, url) => {
    expect(originFormTarget(target, host)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://evil.com/login', 'localhost:3000'],
    ['http://localhost:4000/login', 'localhost:3000'],
    ['http://localhost/login', 'localhost:3000'],
    ['https://localhost:3000.evil.com/', 'localhost:3000'],
    ['http://user@localhost:3000/', 'localhost:3000'],
    ['http://localhost:3000@evil.com/', 'localhost:3000'],
    ['http:///login', 'localhost:3000'],
    ['http://localhost:3000/a#b', 'localhost:3000'],
    ['ftp://localhost:3000/', 'localhost:3000'],
    ['http://localhost:3000/', undefined],
    ['*', 'localhost:3000'],
    ['localhost:3000', 'localhost:3000'],
    ['evil.com/login', 'localhost:3000'],
    ['', 'localhost:3000'],
  ])('refuses %s with Host %s', (target, host) => {
    expect(originFormTarget(target, host)).toEqual({ ok: false });
  });
});
