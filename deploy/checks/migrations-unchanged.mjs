// @ts-check
// A migration that has landed is never edited: databases that ran it would differ from new ones.
// This check compares every migration file with the SHA-256 recorded in migrations.sha256 when it
// landed, and fails on a changed or removed one. A new migration must be recorded:
//   node deploy/checks/migrations-unchanged.mjs --update   (adds new files; never rewrites a hash)
// `--root <dir>` checks another tree (the check's own test uses it). Node built-ins only.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const update = args.includes('--update');
const rootIndex = args.indexOf('--root');
const ROOT = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : path.resolve(import.meta.dirname, '../..');
const MANIFEST = path.join(ROOT, 'deploy/checks/migrations.sha256');

function migrationFiles() {
  const services = path.join(ROOT, 'services');
  return readdirSync(services)
    .map((service) => `services/${service}/src/database/migrations`)
    .filter((folder) => existsSync(path.join(ROOT, folder)))
    .flatMap((folder) => readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.ts')).map((f) => `${folder}/${f}`))
    .sort();
}

/** @param {string} file */
function hashOf(file) {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/\r\n/g, '\n');
  return createHash('sha256').update(text).digest('hex');
}

function readManifest() {
  if (!existsSync(MANIFEST)) return new Map();
  const lines = readFileSync(MANIFEST, 'utf8').split('\n').filter((line) => line.trim());
  return new Map(lines.map((line) => { const [hash, file] = line.split(/\s+/); return [file, hash]; }));
}

const recorded = readManifest();
const present = migrationFiles();
const problems = [];
for (const [file, hash] of recorded) {
  if (!present.includes(file)) problems.push(`${file}: removed (a landed migration stays)`);
  else if (hashOf(file) !== hash) problems.push(`${file}: changed since it landed (add a new migration instead)`);
}
const unrecorded = present.filter((file) => !recorded.has(file));

/** The timestamp TypeORM orders by: the leading digits of the file name. */
const timestampOf = (/** @type {string} */ file) => Number(/^(\d+)-/.exec(path.basename(file))?.[1] ?? Number.NaN);
for (const file of unrecorded) {
  const later = [...recorded.keys()].find((landed) => path.dirname(landed) === path.dirname(file) && timestampOf(landed) > timestampOf(file));
  if (later) problems.push(`${file}: sorts before ${path.basename(later)}, which landed (give it a later timestamp)`);
}

if (update && unrecorded.length > 0 && problems.length === 0) {
  for (const file of unrecorded) recorded.set(file, hashOf(file));
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
