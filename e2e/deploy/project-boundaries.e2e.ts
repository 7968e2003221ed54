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
