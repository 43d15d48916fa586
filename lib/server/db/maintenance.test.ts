import { PGlite } from '@electric-sql/pglite';
import { maintainEmbedded, maintenanceWork, type TableStats } from './maintenance';

const stats = (over: Partial<TableStats>): TableStats => ({
  name: 'public.t',
  liveTuples: 1000,
  deadTuples: 0,
  modifiedSinceAnalyze: 0,
  neverAnalyzed: false,
  ...over,
});

describe('maintenanceWork: autovacuum’s default thresholds for the embedded database', () => {
  it.each([
    ['quiet table', stats({}), []],
    ['dead rows at the threshold (50 + 20 %)', stats({ deadTuples: 250 }), []],
    ['dead rows past it', stats({ deadTuples: 251 }), ['vacuum analyze']],
    ['changes at the analyze threshold (50 + 10 %)', stats({ modifiedSinceAnalyze: 150 }), []],
    ['changes past it', stats({ modifiedSinceAnalyze: 151 }), ['analyze']],
    ['never analysed, with rows', stats({ neverAnalyzed: true }), ['analyze']],
    ['never analysed, empty and untouched', stats({ neverAnalyzed: true, liveTuples: 0 }), []],
    ['both past: one vacuum analyze', stats({ deadTuples: 900, modifiedSinceAnalyze: 900 }), ['vacuum analyze']],
  ])('%s', (_label, table, actions) => {
    expect(maintenanceWork([table]).map((w) => w.action)).toEqual(actions);
  });
});

describe('maintainEmbedded on PGlite', () => {
  // A fresh PGlite starts in a few seconds, more on a busy machine.
  jest.setTimeout(30_000);

  it('analyses a new table, then vacuums it after many updates, then leaves it alone', async () => {
    const db = await PGlite.create();
    try {
      await db.exec('create table "Odd name" (id serial primary key, v int); insert into "Odd name" (v) select g from generate_series(1, 1000) g');
      expect(await maintainEmbedded(db)).toEqual([{ name: 'public."Odd name"', action: 'analyze' }]);
      const planned = await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'Odd name'`);
      expect(planned.rows[0]!.reltuples).toBe(1000);

      await db.exec('update "Odd name" set v = v + 1 where id <= 400');
      expect(await maintainEmbedded(db)).toEqual([{ name: 'public."Odd name"', action: 'vacuum analyze' }]);
      expect(await maintainEmbedded(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
