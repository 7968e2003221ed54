import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

// The import rules of eslint.config.js, shown on deliberately wrong imports: each must fail lint.
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport { x };\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'hdiya/project-boundaries').map((m) => m.message);
}

describe('project boundaries (lint)', () => {
  it.each([
    ['the gateway importing a service', 'services/gateway/src/probe.ts', "import { x } from '@hdiya/donations';", /may not import @hdiya\/donations/],
    ['a service importing another by relative path', 'services/points/src/probe.ts', "import { x } from '../../donations/src/donations/donations.service.js';", /may not import @hdiya\/donations/],
    ['a library importing a service', 'libs/platform/src/probe.ts', "import { x } from '@hdiya/users';", /may not import @hdiya\/users/],
    ['the contracts importing the platform', 'libs/contracts/src/probe.ts', "import { x } from '@hdiya/platform';", /may not import @hdiya\/platform/],
    ['the web app importing server code', 'frontend/src/probe.ts', "import { x } from '@hdiya/platform';", /may not import @hdiya\/platform/],
    ['a service reaching into built files', 'services/users/src/probe.ts', "import { x } from '@hdiya/contracts/dist/index.js';", /by its package name/],
  ])('should refuse %s', async (_case, file, source, message) => {
    expect(await boundaryErrors(file, source)).toEqual([expect.stringMatching(message)]);
  });

  it('should accept the web app importing the contracts and a service importing the platform', async () => {
    expect(await boundaryErrors('frontend/src/probe.ts', "import { x } from '@hdiya/contracts';")).toEqual([]);
    expect(await boundaryErrors('services/users/src/probe.ts', "import { x } from '@hdiya/platform';")).toEqual([]);
  });
});

describe('folder layers (lint)', () => {
  async function layerErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\nexport { x };\n`, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  }

  it.each([
    ['the session importing auth (a layer above)', 'services/gateway/src/session/probe.ts', "import { x } from '../auth/member-sessions.js';"],
    ['the REST API importing auth (a feature beside it)', 'services/gateway/src/http/probe.ts', "import { x } from '../auth/member-sessions.js';"],
    ['realtime importing images (a feature beside it)', 'services/gateway/src/realtime/probe.ts', "import { x } from '../images/image-store.js';"],
    ['a contracts domain file importing the RPC payloads', 'libs/contracts/src/donations.ts', "import type { x } from './rpc/payloads.js';"],
    ['the contracts validation importing a schema', 'libs/contracts/src/validation/probe.ts', "import { x } from '../schemas/auth.js';"],
  ])('should refuse %s', async (_case, file, source) => {
    expect(await layerErrors(file, source)).toEqual([expect.stringMatching(/Folders depend downward/)]);
  });

  it('should accept a feature importing the session and the core', async () => {
    expect(await layerErrors('services/gateway/src/auth/probe.ts', "import { x } from '../session/session-user.js';\nimport { y } from '../rpc/service-client.js';\nexport { y };")).toEqual([]);
  });
});

describe('import cycles (lint)', () => {
  // no-cycle follows imports between real files, so each probe writes its files into a folder of
  // its own in the gateway's sources (import-x caches what it parsed by path) and removes it after.
  const probes = path.join(ROOT, 'services/gateway/src', `cycle-probe-${process.pid}-${Date.now()}`);
  let count = 0;
  afterAll(() => rmSync(probes, { recursive: true, force: true }));

  async function cycleErrors(files: Record<string, string>): Promise<string[]> {
    const folder = path.join(probes, String(++count));
    mkdirSync(folder, { recursive: true });
    try {
      for (const [name, source] of Object.entries(files)) writeFileSync(path.join(folder, name), source);
      const results = await eslint.lintFiles(Object.keys(files).map((name) => path.join(folder, name)));
      return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => `${path.basename(r.filePath)}: ${m.message}`));
    } finally {
      rmSync(probes, { recursive: true, force: true });
    }
  }

  it('should refuse two files that import each other', async () => {
    const errors = await cycleErrors({
      'first.ts': "import { second } from './second.js';\nexport const first = (): number => second() + 1;\n",
      'second.ts': "import { first } from './first.js';\nexport const second = (): number => first() - 1;\n",
    });
    expect(errors).toEqual([expect.stringMatching(/^first\.ts: Dependency cycle/), expect.stringMatching(/^second\.ts: Dependency cycle/)]);
  });

  it('should accept imports that go one way', async () => {
    const errors = await cycleErrors({
      'first.ts': "import { second } from './second.js';\nexport const first = (): number => second() + 1;\n",
      'second.ts': 'export const second = (): number => 1;\n',
    });
    expect(errors).toEqual([]);
  });
});
