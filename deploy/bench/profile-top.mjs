// @ts-check
// The top entries of a V8 CPU profile (`node --cpu-prof`): self time by function, as a share of
// the samples, so docs/performance.md can say where a process's milliseconds go.
//   node deploy/bench/profile-top.mjs <file.cpuprofile> [--top=15]
import { readFileSync } from 'node:fs';

const args = Object.fromEntries(process.argv.slice(3).map((a) => a.replace(/^--/, '').split('=')));
const TOP = Number(args.top ?? 15);
/** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[] }} */
const profile = JSON.parse(readFileSync(/** @type {string} */ (process.argv[2]), 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
/** @type {Map<string, number>} */
const self = new Map();
for (const id of profile.samples) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const where = frame.url ? frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(services|libs)\//, '$1/') : '';
  const name = `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
  self.set(name, (self.get(name) ?? 0) + 1);
}
const total = profile.samples.length;
const idle = (self.get('(idle)') ?? 0) / total;
console.log(`${total} samples, ${(idle * 100).toFixed(0)} % idle; self time of the busy samples:`);
const busy = total - (self.get('(idle)') ?? 0);
for (const [name, count] of [...self.entries()].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
  console.log(`${((count / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
}
