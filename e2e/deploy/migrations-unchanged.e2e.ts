import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The check `npm test` runs first: a landed migration whose SQL changes, or that disappears, fails
// it; so does a rewritten or removed line of the manifest's history, and a migration importing
// another. A new one must be recorded (with --update, which never rewrites a line) and may not sort
// before a landed one of its service. It runs the built migrations, as the services record them.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'deploy/checks/migrations-unchanged.mjs');
const MANIFEST = 'deploy/checks/migrations.sql.sha256';
const MIGRATION = 'services/points/src/database/migrations/1763750000000-InitialPointsSchema.ts';
const builtOf = (file: string) => file.replace('/src/', '/dist/').replace(/\.ts$/, '.js');
let tree: string;

/** Runs the check on the copy; resolves with its exit code and output. */
async function check(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run('node', [SCRIPT, '--root', tree, ...args]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Adds a migration to the copy, its source and its build. */
function addMigration(file: string, className: string, sql: string): void {
  writeFileSync(path.join(tree, file), `// ${className}\n`);
  writeFileSync(path.join(tree, builtOf(file)), `export class ${className} { async up(q) { await q.query(${JSON.stringify(sql)}); } async down() {} }\n`);
}

const git = (...args: string[]) => execFileSync('git', ['-C', tree, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });

beforeEach(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'hdiya-migrations-'));
  mkdirSync(path.join(tree, 'deploy/checks'), { recursive: true });
  for (const file of [MIGRATION, builtOf(MIGRATION)]) {
    mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(tree, file));
  }
  // The built migration imports @hdiya/platform, as in the repository.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  const recorded = readFileSync(path.join(ROOT, MANIFEST), 'utf8').split('\n').filter((line) => line.endsWith(MIGRATION));
  writeFileSync(path.join(tree, MANIFEST), `${recorded.join('\n')}\n`);
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('landed migrations check', () => {
  it('should pass while the migrations send the SQL they landed with, whatever their comments say', async () => {
    expect(await check()).toEqual({ code: 0, output: expect.stringContaining('1 unchanged') });
    writeFileSync(path.join(tree, MIGRATION), `${readFileSync(path.join(tree, MIGRATION), 'utf8')}// a comment\n`);
    expect(await check()).toMatchObject({ code: 0 });
  });

  it('should fail, naming the file, when a landed migration sends other SQL', async () => {
    const built = path.join(tree, builtOf(MIGRATION));
    writeFileSync(built, readFileSync(built, 'utf8').replace('"points" integer NOT NULL', '"points" bigint NOT NULL'));
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${MIGRATION}: its SQL changed since it landed`) });
    expect(await check('--update')).toMatchObject({ code: 1 });
  });

  it('should fail when a landed migration is removed', async () => {
    rmSync(path.join(tree, MIGRATION));
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${MIGRATION}: removed`) });
  });

  it('should ask to record a new migration, and accept it once recorded', async () => {
    const added = path.join(path.dirname(MIGRATION), '1999999999999-Next.ts');
    addMigration(added, 'Next1999999999999', 'SELECT 1');
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${added}: not recorded`) });
    expect(await check('--update')).toMatchObject({ code: 0 });
    expect(await check()).toEqual({ code: 0, output: expect.stringContaining('2 unchanged') });
  });

  it('should refuse a new migration that sorts before a landed one of its service', async () => {
    const inserted = path.join(path.dirname(MIGRATION), '1763740000000-Earlier.ts');
    addMigration(inserted, 'Earlier1763740000000', 'SELECT 1');
    const sortsBefore = `${inserted}: sorts before ${path.basename(MIGRATION)}, which landed`;
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(sortsBefore) });
    expect(await check('--update')).toEqual({ code: 1, output: expect.stringContaining(sortsBefore) });
    expect(readFileSync(path.join(tree, MANIFEST), 'utf8')).not.toContain('Earlier');
  });

  it('should refuse a migration that imports another', async () => {
    const added = path.join(path.dirname(MIGRATION), '1999999999999-Next.ts');
    addMigration(added, 'Next1999999999999', 'SELECT 1');
    writeFileSync(path.join(tree, added), `import { InitialPointsSchema1763750000000 } from './1763750000000-InitialPointsSchema.js';\n`);
    expect(await check('--update')).toEqual({ code: 1, output: expect.stringContaining(`${added}: imports ./1763750000000-InitialPointsSchema.js`) });
  });

  it('should refuse a manifest line rewritten or removed after it was committed', async () => {
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'landed');
    const manifest = path.join(tree, MANIFEST);
    const landed = readFileSync(manifest, 'utf8');
    // A hash rewritten by hand to match an edited migration.
    writeFileSync(manifest, landed.replace(/^[0-9a-f]{64}/, '0'.repeat(64)));
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`the line of ${MIGRATION} recorded in`) });
    expect((await check()).output).toContain('was rewritten');
    git('commit', '-qam', 'rewritten');
    expect((await check()).output).toContain('was rewritten');
    // Taken out with its migration in a later commit.
    writeFileSync(manifest, '');
    rmSync(path.join(tree, MIGRATION));
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining('was removed') });
  });
});
