import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

// k6 cannot be installed here: the load scripts are checked for what can be checked without it.
// Each parses as an ES module, imports only k6's own modules and the scripts' shared library,
// and each scenario declares its thresholds and a default function.

const K6 = fileURLToPath(new URL('../../deploy/k6', import.meta.url));
const K6_MODULES = new Set(['k6', 'k6/http', 'k6/metrics', 'k6/ws', 'k6/experimental/websockets', 'k6/execution', 'k6/encoding', 'k6/crypto', 'k6/data']);

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? scripts(path.join(dir, entry.name)) : entry.name.endsWith('.js') ? [path.join(dir, entry.name)] : [],
  );
}

const all = scripts(K6);
const scenarios = all.filter((file) => path.dirname(file) === K6);

it('should have the scenarios the operators need', () => {
  expect(scenarios.map((file) => path.basename(file)).sort()).toEqual(['browse.js', 'gift-flow.js', 'messaging-ws.js', 'smoke.js']);
});

it.each(all.map((file) => [path.relative(K6, file), file]))('%s should parse and import only k6 modules and local files', (_name, file) => {
  const module = new vm.SourceTextModule(readFileSync(file, 'utf8'), { identifier: file });
  for (const specifier of module.dependencySpecifiers) {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      expect(all).toContain(path.resolve(path.dirname(file), specifier));
    } else {
      expect(K6_MODULES).toContain(specifier);
    }
  }
});

it.each(scenarios.map((file) => [path.basename(file), file]))('%s should declare thresholds and a default function', (_name, file) => {
  const source = readFileSync(file, 'utf8');
  expect(source).toMatch(/export const options = \{[\s\S]*thresholds: \{/);
  expect(source).toMatch(/export default function/);
});
