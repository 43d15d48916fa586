/** The tenant tag of e-mails (lib/mail-tenant.ts): read from the header block only, one positive id. */
import { tenantMailFolder, tenantOfRawMessage } from './mail-tenant';

test.each([
  ['the header', 'From: a@b\r\nX-Klok-Tenant: 7\r\nSubject: s\r\n\r\nbody', 7],
  ['any case, extra spaces', 'x-klok-tenant:   12  \r\n\r\nbody', 12],
  ['no header', 'From: a@b\r\n\r\nX-Klok-Tenant: 7', null],
  ['only quoted in the body', 'Subject: s\n\nX-Klok-Tenant: 3\n', null],
  ['two different values', 'X-Klok-Tenant: 1\r\nX-Klok-Tenant: 2\r\n\r\n', null],
  ['not a positive integer', 'X-Klok-Tenant: ../1\r\n\r\n', null],
  ['zero', 'X-Klok-Tenant: 0\r\n\r\n', null],
])('%s', (_name, raw, expected) => {
  expect(tenantOfRawMessage(raw)).toBe(expected);
});

test('folders are per tenant id and refuse anything else', () => {
  expect(tenantMailFolder(3)).toBe('tenant-3');
  expect(() => tenantMailFolder(0)).toThrow(RangeError);
  expect(() => tenantMailFolder(1.5)).toThrow(RangeError);
});
