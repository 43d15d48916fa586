import { splitName } from './split-name';

describe('splitName (Nombre / Apellido prefill)', () => {
  test.each([
    ['the family name ends the name', 'María José Pérez Gil', { given: 'María José', family: 'Pérez Gil' }, 'María José', 'Pérez Gil'],
    ['only the family name was sent', 'María José Pérez Gil', { family: 'Pérez Gil' }, 'María José', 'Pérez Gil'],
    ['only the given name was sent', 'María José Pérez Gil', { given: 'María José' }, 'María José', 'Pérez Gil'],
    ['a name with a middle name the parts leave out', 'Ana Belén Ruiz', { given: 'Ana', family: 'Ruiz' }, 'Ana Belén', 'Ruiz'],
    ['case and blanks differ', '  maría josé   PÉREZ gil ', { given: 'María José', family: 'Pérez Gil' }, 'maría josé', 'PÉREZ gil'],
    ['no parts: first word / rest', 'María José Pérez Gil', undefined, 'María', 'José Pérez Gil'],
    ['the name no longer matches the parts', 'Carmen Vidal', { given: 'María José', family: 'Pérez Gil' }, 'Carmen', 'Vidal'],
    ['the family name is the whole name', 'Pérez Gil', { family: 'Pérez Gil' }, 'Pérez', 'Gil'],
    ['a family name inside a word is not a match', 'Juan Sánchez', { family: 'chez' }, 'Juan', 'Sánchez'],
    ['one word', 'Madonna', { given: 'Madonna' }, 'Madonna', ''],
    ['an empty name', '', { given: 'Ana', family: 'García' }, '', ''],
  ])('%s', (_case, name, parts, firstName, surname) => {
    expect(splitName(name, parts)).toEqual({ firstName, surname });
  });
});
