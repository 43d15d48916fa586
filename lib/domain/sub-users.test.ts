/** Staff editing a client's sub-users (spec sections 2 and 5): stable ids, what is removed. */
import { reconcileSubUsers } from './sub-users';

const LEO = { id: 's-leo', name: 'Leo García' };
const MAR = { id: 's-mar', name: 'Mar García' };

function run(current: { id: string; name: string }[], incoming: { id?: string; name: string }[]) {
  let n = 0;
  return reconcileSubUsers(current, incoming, () => `new-${++n}`);
}

describe('reconcileSubUsers', () => {
  test.each([
    ['keeps ids sent back', [LEO, MAR], [LEO, MAR], [LEO, MAR], []],
    ['a rename keeps the id', [LEO], [{ id: 's-leo', name: ' Leonardo ' }], [{ id: 's-leo', name: 'Leonardo' }], []],
    ['removes what is left out', [LEO, MAR], [MAR], [MAR], [LEO]],
    ['empties the list', [LEO, MAR], [], [], [LEO, MAR]],
    ['a new name gets a new id', [LEO], [LEO, { name: 'Sol' }], [LEO, { id: 'new-1', name: 'Sol' }], []],
    ['a name without id reuses the current one of that name', [LEO], [{ name: 'leo garcía' }], [{ id: 's-leo', name: 'leo garcía' }], []],
    ['an unknown id is not trusted', [LEO], [{ id: 'forged', name: 'Sol' }], [{ id: 'new-1', name: 'Sol' }], [LEO]],
    ['a repeated id is used once', [LEO], [LEO, { id: 's-leo', name: 'Otro' }], [LEO, { id: 'new-1', name: 'Otro' }], []],
    [
      'an explicit id wins over a same-name entry without id',
      [LEO, MAR],
      [{ name: 'Mar García' }, { id: 's-mar', name: 'Mar G.' }],
      [{ id: 'new-1', name: 'Mar García' }, { id: 's-mar', name: 'Mar G.' }],
      [LEO],
    ],
  ])('%s', (_label, current, incoming, next, removed) => {
    expect(run(current, incoming)).toEqual({ next, removed });
  });
});
