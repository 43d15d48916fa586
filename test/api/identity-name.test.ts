/**
 * The name stored at first sign-in: the provider's display name, or its given and family names
 * joined when it sent only those; a client invited without a name gets it the same way.
 */
import { getDb } from '@/lib/server/db/client';
import { findOrCreateByIdentity } from '@/lib/server/services/find-or-create-by-identity';
import { closeTestDb, openTestDb } from './harness';
import { DB_TIMEOUT, tenantId } from './fixtures';

jest.setTimeout(DB_TIMEOUT);

beforeAll(() => openTestDb(), DB_TIMEOUT);
afterAll(closeTestDb);

const tag = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

describe('findOrCreateByIdentity: the name', () => {
  it('stores the display name when the provider sends one', async () => {
    const email = `name.${tag()}@example.com`;
    const user = await findOrCreateByIdentity(await getDb(), await tenantId(), {
      email,
      name: 'María José Pérez Gil',
      givenName: 'María José',
      familyName: 'Pérez Gil',
    });
    expect(user?.name).toBe('María José Pérez Gil');
  });

  it('joins the given and family names when the display name is missing', async () => {
    const email = `parts.${tag()}@example.com`;
    const user = await findOrCreateByIdentity(await getDb(), await tenantId(), {
      email,
      name: ' ',
      givenName: 'María José',
      familyName: 'Pérez Gil',
    });
    expect(user?.name).toBe('María José Pérez Gil');
  });

  it('names an invited client (no name yet) from the parts, and leaves a named account alone', async () => {
    const db = await getDb();
    const tid = await tenantId();
    const email = `invited.${tag()}@example.com`;
    const invited = await findOrCreateByIdentity(db, tid, { email, name: '' });
    expect(invited?.name).toBe('');
    const named = await findOrCreateByIdentity(db, tid, { email, name: '', givenName: 'Lola', familyName: 'Flores Ruiz' });
    expect(named?.name).toBe('Lola Flores Ruiz');
    const again = await findOrCreateByIdentity(db, tid, { email, name: 'Otra Persona' });
    expect(again?.name).toBe('Lola Flores Ruiz');
  });
});
