import { greetingName } from './greeting-name';

describe('greetingName', () => {
  it.each([
    [{ name: 'María José Pérez Gil', given_name: 'María José' }, 'María José'],
    [{ name: 'María José Pérez Gil', given_name: '  María   José ' }, 'María José'],
    [{ name: 'María José Pérez Gil', given_name: null }, 'María'],
    [{ name: 'María José Pérez Gil' }, 'María'],
    [{ name: '  Ana García ', given_name: '' }, 'Ana'],
    [{ name: '', given_name: null }, ''],
  ])('%j → %s', (user, expected) => {
    expect(greetingName(user)).toBe(expected);
  });
});
