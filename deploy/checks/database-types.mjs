// The row types of the typed query layer (decision 0035) come from the migrated database: this
// regenerates each service's `src/database/schema.generated.ts` (and the platform's types of the
// tables every service holds in its own schema) with kysely-codegen, or with
// `--verify` fails when a checked-in file differs from what the migrations build (a column renamed
// in a migration but not in the code fails here, before any end-to-end test, and then the typecheck).
//   node deploy/checks/database-types.mjs [--verify] [--url postgres://user@host:port/database]
// Without --url: PGUSER, PGHOST, PGPORT and HDIYA_DATABASE (as `npm test` sets them), else the
// `npm start` database on this machine.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Services whose SQL goes through the typed query layer. */
const SERVICES = ['points', 'messaging'];
/**
 * The tables every service keeps in its own schema (libs/platform: outbox, inbox, members read
 * model, mail outbox), typed once from the one schema that holds them all; the platform's code
 * names the schema per call.
 */
const SHARED_TABLES = { schema: 'messaging', tables: ['outbox', 'inbox', 'members', 'mail_outbox'] };

const targets = [
  ...SERVICES.map((service) => ({
    outFile: `services/${service}/src/database/schema.generated.ts`,
    schema: service,
    include: `${service}.*`,
    // TypeORM's and the checksums' bookkeeping: no service code queries them.
    exclude: [`${service}.migration*`],
  })),
  {
    outFile: 'libs/platform/src/database/shared-tables.generated.ts',
    schema: SHARED_TABLES.schema,
    include: `${SHARED_TABLES.schema}.(${SHARED_TABLES.tables.join('|')})`,
    exclude: [],
  },
];

const args = process.argv.slice(2);
const verify = args.includes('--verify');
const urlIndex = args.indexOf('--url');
const env = process.env;
const url =
  urlIndex >= 0
    ? args[urlIndex + 1]
    : `postgres://${env.PGUSER ?? 'postgres'}@${env.PGHOST ?? '127.0.0.1'}:${env.PGPORT ?? 5432}/${env.HDIYA_DATABASE ?? 'hdiya'}`;
const codegen = path.join(path.dirname(createRequire(import.meta.url).resolve('kysely-codegen/package.json')), 'dist/cli/bin.js');

let failed = 0;
for (const { outFile, schema, include, exclude } of targets) {
  const result = spawnSync(
    process.execPath,
    [
      codegen,
      '--dialect', 'postgres',
      '--url', url,
      '--default-schema', schema,
      '--include-pattern', include,
      ...exclude.flatMap((pattern) => ['--exclude-pattern', pattern]),
      '--out-file', path.join(ROOT, outFile),
      '--log-level', 'error',
      ...(verify ? ['--verify'] : []),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (result.status === 0) {
    console.log(`database types: ${outFile} ${verify ? 'matches the migrated schema' : 'generated'}`);
  } else {
    failed += 1;
    console.error(`database types: ${outFile} ${verify ? 'differs from the migrated schema (run npm run db:types after migrating)' : 'could not be generated'}`);
    console.error(`${result.stdout}${result.stderr}`.trim());
  }
}
process.exit(failed > 0 ? 1 : 0);
