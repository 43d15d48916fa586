/** Tenant name from the request host (spec section 1): first label; bare hosts and IPs → default. */
import { tenantSlugFromHost } from './tenant-host';

describe('tenantSlugFromHost', () => {
  test.each([
    ['localhost', 'klok'],
    ['localhost:3000', 'klok'],
    ['klok.localhost:3000', 'klok'],
    ['salon2.localhost:3000', 'salon2'],
    ['salon2.example.com', 'salon2'],
    ['Salon2.Example.com:443', 'salon2'],
    ['127.0.0.1:3000', 'klok'],
    ['127.0.0.1', 'klok'],
    ['[::1]:3000', 'klok'],
    ['', 'klok'],
  ])('%j → %j', (host, expected) => {
    expect(tenantSlugFromHost(host)).toBe(expected);
  });

  it('falls back to the default tenant without a host', () => {
    expect(tenantSlugFromHost(null)).toBe('klok');
    expect(tenantSlugFromHost(undefined)).toBe('klok');
  });

  it('uses the configured default tenant for bare hosts only', () => {
    expect(tenantSlugFromHost('localhost:3000', 'demo')).toBe('demo');
    expect(tenantSlugFromHost('[::1]:3000', 'demo')).toBe('demo');
    expect(tenantSlugFromHost('salon2.example.com', 'demo')).toBe('salon2');
  });
});
