/**
 * `npm run fuzz [-- options]`: the long run of the write-endpoint fuzz test (test/api/fuzz.test.ts).
 * CI runs a few cases per endpoint with a fixed seed; this runs many (2000 per endpoint and caller by
 * default) with a fresh seed each time, printed first so a failure can be replayed.
 *
 *   --runs N      cases per endpoint and caller (FUZZ_RUNS, default 2000)
 *   --seed N      base seed (FUZZ_SEED, default: a new one)
 *   --only TEXT   only the endpoints whose "METHOD /api/v1/… as role" contains TEXT (FUZZ_ONLY)
 *   --path P      with --only and --seed: replay the counterexample path fast-check printed (FUZZ_PATH)
 *   --pg          on the PostgreSQL server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *   --verbose     print the answers by kind of case, status and error code (FUZZ_VERBOSE)
 *
 * Exits with Jest's status.
 */
import { spawnSync } from 'node:child_process';

/** The options of the command line as FUZZ_* environment variables for the test. */
function fuzzEnv(argv: string[], base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--runs') env.FUZZ_RUNS = value(i++, flag);
    else if (flag === '--seed') env.FUZZ_SEED = value(i++, flag);
    else if (flag === '--only') env.FUZZ_ONLY = value(i++, flag);
    else if (flag === '--path') env.FUZZ_PATH = value(i++, flag);
    else if (flag === '--pg') env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
    else if (flag === '--verbose') env.FUZZ_VERBOSE = '1';
    else throw new Error(`unknown option ${flag}`);
  }
  env.FUZZ_RUNS ??= '2000';
  env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
  env.NODE_OPTIONS = [base.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
  return env;
}

function main(): number {
  let env: NodeJS.ProcessEnv;
  try {
    env = fuzzEnv(process.argv.slice(2));
  } catch (err) {
    console.error(`fuzz: ${(err as Error).message}`);
    return 2;
  }
  console.log(
    `fuzz: FUZZ_SEED=${env.FUZZ_SEED} FUZZ_RUNS=${env.FUZZ_RUNS}` +
      (env.FUZZ_ONLY ? ` FUZZ_ONLY="${env.FUZZ_ONLY}"` : '') +
      (env.TEST_DATABASE_URL ? ' on PostgreSQL' : ' on PGlite'),
  );
  const jest = spawnSync('npx', ['jest', '--runInBand', 'test/api/fuzz.test.ts'], { env, stdio: 'inherit' });
  return jest.status ?? 1;
}

process.exit(main());
