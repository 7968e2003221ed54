// @ts-check
// A migration that has landed is never changed: databases that ran it would differ from new ones.
// A migration's checksum is the SHA-256 of the SQL its `up` sends, recorded without a database by
// the same function the services store beside TypeORM's record (`migrationChecksum`, decision
// 0034), so DDL a migration imports from libs/platform is covered and a reworded comment is not a
// change. This check, after `npm run build` (it runs the built migrations):
//   - compares every migration's checksum with migrations.sql.sha256, and fails on a changed or
//     removed one, or a new one that sorts before a landed one of its service;
//   - refuses a manifest whose recorded lines were rewritten or removed: every line the manifest has
//     held in the history of this commit (git) must still be there as it was;
//   - refuses a migration that imports another (a landed migration's behaviour would then depend
//     on a file that is not its own).
// A new migration must be recorded:
//   node deploy/checks/migrations-unchanged.mjs --update   (adds new files; never rewrites a line)
// `--root <dir>` checks another tree (the check's own test uses it).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const update = args.includes('--update');
const rootIndex = args.indexOf('--root');
const ROOT = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : path.resolve(import.meta.dirname, '../..');
const MANIFEST_PATH = 'deploy/checks/migrations.sql.sha256';
const MANIFEST = path.join(ROOT, MANIFEST_PATH);

/** @returns {Promise<(migration: import('typeorm').MigrationInterface) => Promise<string>>} */
async function checksumFunction() {
  try {
    return (await import('@hdiya/platform')).migrationChecksum;
  } catch (error) {
    console.error(`migrations: could not load @hdiya/platform's migrationChecksum (run npm run build first): ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

function migrationFiles() {
  const services = path.join(ROOT, 'services');
  return readdirSync(services)
    .map((service) => `services/${service}/src/database/migrations`)
    .filter((folder) => existsSync(path.join(ROOT, folder)))
    .flatMap((folder) => readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts')).map((f) => `${folder}/${f}`))
    .sort();
}

/** @param {string} text @returns {Map<string, string>} file -> checksum */
const parseManifest = (text) =>
  new Map(text.split('\n').filter((line) => line.trim()).map((line) => { const [hash, file] = line.split(/\s+/); return [file, hash]; }));

/** Every version of the manifest this commit's history holds, oldest first; none outside git. */
function manifestHistory() {
  /** @param {string[]} gitArgs */
  const git = (...gitArgs) => execFileSync('git', ['-C', ROOT, ...gitArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20 });
  let commits;
  try {
    commits = git('log', '--format=%H', '--reverse', '--', MANIFEST_PATH).split('\n').filter(Boolean);
  } catch {
    return [];
  }
  return commits.map((commit) => ({ commit: commit.slice(0, 10), manifest: parseManifest(git('show', `${commit}:${MANIFEST_PATH}`)) }));
}

/** The migration built from `file` (services/x/src/.../F.ts -> services/x/dist/.../F.js). */
async function builtMigration(/** @type {string} */ file) {
  const built = path.join(ROOT, file.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
  if (!existsSync(built)) throw new Error(`${file}: not built (run npm run build first)`);
  const exported = Object.values(await import(pathToFileURL(built).href)).filter((value) => typeof value === 'function' && typeof value.prototype?.up === 'function');
  if (exported.length !== 1) throw new Error(`${file}: exports ${exported.length} migration classes, not one`);
  return new exported[0]();
}

/** A relative import in a migration's source: another migration, or any file of the service. */
const relativeImports = (/** @type {string} */ file) =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]);

/** The timestamp TypeORM orders by: the leading digits of the file name. */
const timestampOf = (/** @type {string} */ file) => Number(/^(\d+)-/.exec(path.basename(file))?.[1] ?? Number.NaN);

const migrationChecksum = await checksumFunction();
const recorded = existsSync(MANIFEST) ? parseManifest(readFileSync(MANIFEST, 'utf8')) : new Map();
const present = migrationFiles();
const problems = [];

for (const { commit, manifest } of manifestHistory()) {
  for (const [file, hash] of manifest) {
    const now = recorded.get(file);
    if (now === undefined) problems.push(`${MANIFEST_PATH}: the line of ${file} recorded in ${commit} was removed`);
    else if (now !== hash) problems.push(`${MANIFEST_PATH}: the line of ${file} recorded in ${commit} was rewritten (a landed checksum never changes)`);
  }
}

/** @type {Map<string, string>} */
const checksums = new Map();
for (const file of present) {
  for (const imported of relativeImports(file)) problems.push(`${file}: imports ${imported} (a migration holds its own SQL; copy it in)`);
  try {
    checksums.set(file, await migrationChecksum(await builtMigration(file)));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}
for (const [file, hash] of recorded) {
  if (!present.includes(file)) problems.push(`${file}: removed (a landed migration stays)`);
  else if (checksums.has(file) && checksums.get(file) !== hash) problems.push(`${file}: its SQL changed since it landed (add a new migration instead)`);
}
const unrecorded = present.filter((file) => !recorded.has(file));
for (const file of unrecorded) {
  const later = [...recorded.keys()].find((landed) => path.dirname(landed) === path.dirname(file) && timestampOf(landed) > timestampOf(file));
  if (later) problems.push(`${file}: sorts before ${path.basename(later)}, which landed (give it a later timestamp)`);
}

if (update && unrecorded.length > 0 && problems.length === 0) {
  for (const file of unrecorded) recorded.set(file, /** @type {string} */ (checksums.get(file)));
  const lines = [...recorded].sort(([a], [b]) => a.localeCompare(b)).map(([file, hash]) => `${hash}  ${file}`);
  writeFileSync(MANIFEST, `${lines.join('\n')}\n`);
  console.log(`migrations: recorded ${unrecorded.join(', ')}`);
} else if (!update) {
  for (const file of unrecorded) problems.push(`${file}: not recorded (run node deploy/checks/migrations-unchanged.mjs --update)`);
}

if (problems.length > 0) {
  console.error(`migrations: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`migrations: ${present.length} unchanged since they landed`);
