// @ts-check
// The row types of the typed query layer (decision 0035) come from the migrated database: this
// regenerates each service's `src/database/schema.generated.ts` (its own tables) and the platform's
// types of the tables every service holds in its own schema (`shared-tables.generated.ts`, which
// also holds kysely-codegen's column types, Generated, Timestamp…, that the service files import
// from @hdiya/platform) with kysely-codegen, or with
// `--verify` fails when a checked-in file differs from what the migrations build (a column renamed
// in a migration but not in the code fails here, before any end-to-end test, and then the typecheck).
//   node deploy/checks/database-types.mjs [--verify] [--url postgres://user@host:port/database]
// Without --url: PGUSER, PGHOST, PGPORT and HDIYA_DATABASE (as `npm test` sets them), else the
// `npm start` database on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
const SHARED_TABLES = { schema: 'messaging', tables: ['outbox', 'inbox', 'members', 'member_standing', 'mail_outbox'] };

const SHARED_FILE = 'libs/platform/src/database/shared-tables.generated.ts';
/**
 * The moderation log (decision 0058) that users and donations keep in their schemas (users is not
 * on the typed layer): typed once from the donations one, in a file of its own beside its statements.
 */
const MODERATION_LOG = { schema: 'donations', table: 'moderation_log', outFile: 'libs/platform/src/audit/moderation-log.generated.ts' };
const PLATFORM_TABLES = [...SHARED_TABLES.tables, MODERATION_LOG.table];

const targets = [
  {
    outFile: SHARED_FILE,
    schema: SHARED_TABLES.schema,
    include: `${SHARED_TABLES.schema}.(${SHARED_TABLES.tables.join('|')})`,
    exclude: null,
    sharesHeader: false,
  },
  {
    outFile: MODERATION_LOG.outFile,
    schema: MODERATION_LOG.schema,
    include: `${MODERATION_LOG.schema}.${MODERATION_LOG.table}`,
    exclude: null,
    sharesHeader: false,
  },
  ...SERVICES.map((service) => ({
    outFile: `services/${service}/src/database/schema.generated.ts`,
    schema: service,
    include: `${service}.*`,
    // TypeORM's and the checksums' bookkeeping (no service code queries them), and the shared
    // tables, typed once in SHARED_FILE (src/database/db.ts joins them: `DB & SharedTables`), and
    // the moderation log (the platform's statements alone touch it).
    exclude: `${service}.(migration*|${PLATFORM_TABLES.join('|')})`,
    sharesHeader: true,
  })),
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

/**
 * A generated file's parts: the comment that heads it, its imports, kysely-codegen's column types
 * (Generated, Timestamp, Json…: each by its name and text), and its tables.
 * @param {string} source
 */
function partsOf(source) {
  const importsAt = source.indexOf('\nimport ');
  const typesAt = source.indexOf('\nexport type ');
  const tablesAt = source.indexOf('\nexport interface ');
  const types = source.slice(typesAt + 1, tablesAt).trim().split(/\n\n(?=export type )/);
  return {
    comment: source.slice(0, importsAt).trim(),
    imports: source.slice(importsAt + 1, typesAt).trim().split('\n'),
    types: new Map(types.map((text) => [/^export type (\w+)/.exec(text)?.[1] ?? '', text])),
    tables: source.slice(tablesAt + 1),
  };
}

/**
 * A service's file without kysely-codegen's column types: those its tables use come from
 * @hdiya/platform (SHARED_FILE), which must define each of them alike.
 * @param {string} source
 * @param {string} sharedSource
 * @param {string} outFile
 */
function importSharedTypes(source, sharedSource, outFile) {
  const { comment, imports, types, tables } = partsOf(source);
  const shared = partsOf(sharedSource).types;
  for (const [name, text] of types) {
    if (shared.get(name) !== text) throw new Error(`${outFile}: the column type ${name} is not the one of ${SHARED_FILE}`);
  }
  const used = [...types.keys()].filter((name) => new RegExp(`\\b${name}\\b`).test(tables));
  const platform = /^import type \{ (.*) \} from "@hdiya\/platform";$/;
  const names = [...used, ...imports.flatMap((line) => platform.exec(line)?.[1].split(', ') ?? [])].sort();
  const others = imports.filter((line) => !platform.test(line) && line !== 'import type { ColumnType } from "kysely";');
  return `${comment}\n\n${[`import type { ${names.join(', ')} } from "@hdiya/platform";`, ...others].join('\n')}\n\n${tables}`;
}

/**
 * What the migrated schema changes in a checked-in file: its lines the schema no longer makes (-)
 * and those it makes anew (+).
 * @param {string} current
 * @param {string} expected
 */
function lineChanges(current, expected) {
  const [was, now] = [current.split('\n'), expected.split('\n')];
  return [...was.filter((line) => !now.includes(line)).map((line) => `- ${line}`), ...now.filter((line) => !was.includes(line)).map((line) => `+ ${line}`)].join('\n');
}

const client = new pg.Client({ connectionString: url });
await client.connect();
let failed = 0;
for (const { outFile, schema, include, exclude, sharesHeader } of targets) {
  const overrides = await postgisOverrides(client, schema);
  const result = spawnSync(
    process.execPath,
    [
      codegen,
      '--dialect', 'postgres',
      '--url', url,
      '--default-schema', schema,
      '--include-pattern', include,
      ...(exclude ? ['--exclude-pattern', exclude] : []),
      ...(Object.keys(overrides).length > 0
        ? [
            '--overrides', JSON.stringify({ columns: overrides }),
            '--custom-imports', JSON.stringify({ Geography: '@hdiya/platform#Geography', Geometry: '@hdiya/platform#Geometry' }),
          ]
        : []),
      '--print',
      '--log-level', 'error',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const file = path.join(ROOT, outFile);
  if (result.status !== 0) {
    failed += 1;
    console.error(`database types: ${outFile} could not be generated`);
    console.error(`${result.stdout}${result.stderr}`.trim());
    continue;
  }
  const generated = `${result.stdout.trim()}\n`;
  // The shared file is generated first: the services' files take their column types from it.
  const expected = sharesHeader ? importSharedTypes(generated, readFileSync(path.join(ROOT, SHARED_FILE), 'utf8'), outFile) : generated;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (!verify) {
    writeFileSync(file, expected);
    console.log(`database types: ${outFile} generated`);
  } else if (current === expected) {
    console.log(`database types: ${outFile} matches the migrated schema`);
  } else {
    failed += 1;
    console.error(`database types: ${outFile} differs from the migrated schema (run npm run db:types after migrating)`);
    console.error(lineChanges(current, expected));
  }
}
await client.end();
process.exit(failed > 0 ? 1 : 0);
