import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The check `npm test` runs first: a landed migration that changes or disappears fails it, and a
// new one must be recorded (with --update, which never rewrites a recorded hash) and may not sort before
// a landed one of its service.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'deploy/checks/migrations-unchanged.mjs');
const MIGRATION = 'services/points/src/database/migrations/1763750000000-InitialPointsSchema.ts';
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

beforeEach(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'hdiya-migrations-'));
  mkdirSync(path.join(tree, 'deploy/checks'), { recursive: true });
  mkdirSync(path.join(tree, path.dirname(MIGRATION)), { recursive: true });
  cpSync(path.join(ROOT, MIGRATION), path.join(tree, MIGRATION));
  const recorded = readFileSync(path.join(ROOT, 'deploy/checks/migrations.sha256'), 'utf8').split('\n').filter((line) => line.endsWith(MIGRATION));
  writeFileSync(path.join(tree, 'deploy/checks/migrations.sha256'), `${recorded.join('\n')}\n`);
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('landed migrations check', () => {
  it('should pass while the migrations are as they landed', async () => {
    expect(await check()).toEqual({ code: 0, output: expect.stringContaining('1 unchanged') });
  });

  it('should fail, naming the file, when a landed migration is edited', async () => {
    writeFileSync(path.join(tree, MIGRATION), `${readFileSync(path.join(tree, MIGRATION), 'utf8')}// edited\n`);
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${MIGRATION}: changed since it landed`) });
    expect(await check('--update')).toMatchObject({ code: 1 });
  });

  it('should fail when a landed migration is removed', async () => {
    rmSync(path.join(tree, MIGRATION));
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${MIGRATION}: removed`) });
  });

  it('should ask to record a new migration, and accept it once recorded', async () => {
    const added = path.join(path.dirname(MIGRATION), '1999999999999-Next.ts');
    writeFileSync(path.join(tree, added), 'export {};\n');
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(`${added}: not recorded`) });
    expect(await check('--update')).toMatchObject({ code: 0 });
    expect(await check()).toEqual({ code: 0, output: expect.stringContaining('2 unchanged') });
  });

  it('should refuse a new migration that sorts before a landed one of its service', async () => {
    const inserted = path.join(path.dirname(MIGRATION), '1763740000000-Earlier.ts');
    writeFileSync(path.join(tree, inserted), 'export {};\n');
    const sortsBefore = `${inserted}: sorts before ${path.basename(MIGRATION)}, which landed`;
    expect(await check()).toEqual({ code: 1, output: expect.stringContaining(sortsBefore) });
    expect(await check('--update')).toEqual({ code: 1, output: expect.stringContaining(sortsBefore) });
    expect(readFileSync(path.join(tree, 'deploy/checks/migrations.sha256'), 'utf8')).not.toContain('Earlier');
  });
});
