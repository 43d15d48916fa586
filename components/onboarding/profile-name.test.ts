import { NAME_MAX } from '@/lib/validation/common';
import { ZClientUserPatch } from '@/lib/validation/users';
import { fullName, nameProblem } from './profile-name';

describe('onboarding names', () => {
  it('joins Nombre and Apellido as saved', () => {
    expect(fullName(' María  José ', 'Pérez  Gil')).toBe('María José Pérez Gil');
  });

  it('accepts names the API accepts and refuses the ones it refuses', () => {
    const name = 'a'.repeat(60);
    const fits = 'b'.repeat(NAME_MAX - 61);
    expect(nameProblem(name, fits)).toBeNull();
    expect(ZClientUserPatch.safeParse({ name: fullName(name, fits), given_name: name }).success).toBe(true);
    expect(nameProblem(name, `${fits}b`)).toEqual({ field: 'surname', key: 'fullNameTooLong', excess: 1 });
    expect(ZClientUserPatch.safeParse({ name: fullName(name, `${fits}b`) }).success).toBe(false);
    expect(nameProblem('a'.repeat(NAME_MAX + 1), 'b')).toEqual({ field: 'name', key: 'nameTooLong', excess: 1 });
  });
});
