// @ts-check
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
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Services whose SQL goes through the typed query layer. */
const SERVICES = ['points', 'donations', 'messaging'];
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

/**
 * kysely-codegen knows no PostGIS type (it would say `string`): every geography and geometry column
 * of the schema is typed as the platform's `Geography` or `Geometry`, which only PostGIS functions write.
 * @param {pg.Client} client
 * @param {string} schema
 * @returns {Promise<Record<string, string>>}
 */
async function postgisOverrides(client, schema) {
  /** @type {{ rows: { table_name: string; column_name: string; udt_name: string }[] }} */
  const { rows } = await client.query(
    `SELECT table_name, column_name, udt_name FROM information_schema.columns
     WHERE table_schema = $1 AND udt_name IN ('geography', 'geometry') ORDER BY table_name, column_name`,
    [schema],
  );
  return Object.fromEntries(rows.map((c) => [`${c.table_name}.${c.column_name}`, c.udt_name === 'geography' ? 'Geography' : 'Geometry']));
}

const client = new pg.Client({ connectionString: url });
await client.connect();
let failed = 0;
for (const { outFile, schema, include, exclude } of targets) {
  const overrides = await postgisOverrides(client, schema);
  const result = spawnSync(
    process.execPath,
    [
      codegen,
      '--dialect', 'postgres',
      '--url', url,
      '--default-schema', schema,
      '--include-pattern', include,
      ...exclude.flatMap((pattern) => ['--exclude-pattern', pattern]),
      ...(Object.keys(overrides).length > 0
        ? [
            '--overrides', JSON.stringify({ columns: overrides }),
            '--custom-imports', JSON.stringify({ Geography: '@hdiya/platform#Geography', Geometry: '@hdiya/platform#Geometry' }),
          ]
        : []),
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
await client.end();
process.exit(failed > 0 ? 1 : 0);
