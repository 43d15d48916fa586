/** The identity read from verified ID-token claims (given_name / family_name for the onboarding prefill). */
import { identityOf } from './oidc';

describe('identityOf', () => {
  test.each([
    [
      'Google: name, given_name and family_name',
      { name: 'María José Pérez Gil', given_name: 'María José', family_name: 'Pérez Gil' },
      { name: 'María José Pérez Gil', givenName: 'María José', familyName: 'Pérez Gil' },
    ],
    ['only name', { name: 'Ana García' }, { name: 'Ana García' }],
    ['only the parts: the name joins them', { given_name: 'María José', family_name: 'Pérez Gil' }, { name: 'María José Pérez Gil', givenName: 'María José', familyName: 'Pérez Gil' }],
    ['only a given name', { given_name: 'Madonna' }, { name: 'Madonna', givenName: 'Madonna' }],
    ['blanks are tidied', { name: '  María  José Pérez ', family_name: ' Pérez ' }, { name: 'María José Pérez', familyName: 'Pérez' }],
    ['empty and non-text claims are ignored', { name: '', given_name: 42, family_name: '   ' }, { name: '' }],
    ['nothing', {}, { name: '' }],
  ])('%s', (_case, claims, expected) => {
    expect(identityOf('maria@example.com', claims)).toEqual({ email: 'maria@example.com', ...expected });
  });

  it('caps a name claim at 120 characters', () => {
    expect(identityOf('x@example.com', { name: 'a'.repeat(200) }).name).toHaveLength(120);
  });
});
