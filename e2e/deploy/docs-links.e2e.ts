import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The docs stand alone (issue 22): links between them and the `docs/….md#section` that comments
// cite reach real headings, and nothing cites the external spec or design by section any more.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'deploy/checks/docs-links.mjs');
const SECTION = '\u00a7';
let tree: string;

/** Runs the check on `root`; resolves with its exit code and output. */
async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run('node', [SCRIPT, '--root', root]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), text);
}

beforeEach(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'hdiya-docs-'));
  write('README.md', '# Hdiya\n\nRead [the rules](docs/product.md#reservations) and [decisions](docs/decisions).\n');
  write('docs/product.md', '# Product\n\n## Reservations\n\n### The 10-day window\n\n## Points\n\nSee [limits](#reservations).\n');
  write(path.join('docs', 'decisions', '0001-first.md'), '# 1. First\n\nStatus: Accepted.\n\nRules: [product](../product.md#points).\n');
  write('services/points/src/holds.ts', '// Holds (docs/product.md#reservations and #points), the window (docs/product.md#the-10-day-window).\n');
});

afterEach(() => rmSync(tree, { recursive: true, force: true }));

describe('docs links check', () => {
  it('should pass on the repository itself', async () => {
    expect(await check(ROOT)).toEqual({ code: 0, output: expect.stringContaining('reach their files and headings') });
  });

  it('should pass when every link and citation reaches a heading', async () => {
    expect(await check(tree)).toEqual({ code: 0, output: expect.stringContaining('7 links and citations') });
  });

  it('should fail on a cited section that has no heading, naming the file and line', async () => {
    write('frontend/src/page.tsx', '/** Points (docs/product.md#points, #transfers). */\n');
    const result = await check(tree);
    expect(result.code).toBe(1);
    expect(result.output).toContain('frontend/src/page.tsx:1: docs/product.md#points, #transfers: no heading for #transfers');
  });

  it('should fail on a markdown link to a missing file or heading', async () => {
    write('docs/api.md', '# API\n\n[ops](operations.md) and [rules](product.md#hoarding).\n');
    const result = await check(tree);
    expect(result.code).toBe(1);
    expect(result.output).toContain('docs/api.md:3: (operations.md): no such file');
    expect(result.output).toContain('docs/api.md:3: (product.md#hoarding): no heading for #hoarding');
  });

  it('should fail on a citation of the external spec or design, except in a landed migration', async () => {
    write('services/donations/src/database/migrations/1-Initial.ts', `// Categories of spec ${SECTION}3.\n`);
    expect((await check(tree)).code).toBe(0);
    write('libs/contracts/src/rules.ts', `/** Business constants of spec ${SECTION}9 and design.md ${SECTION}4. */\n`);
    const result = await check(tree);
    expect(result.code).toBe(1);
    expect(result.output).toContain('libs/contracts/src/rules.ts:1: cites the external spec or design');
  });
});
