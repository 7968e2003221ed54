// @ts-check
// The docs stand alone: every link between them, and every `docs/….md#section` a comment cites,
// must reach a file and a heading that exist, and nothing may cite the external spec or design by
// section ("spec" or "design" then a section sign) any more: docs/product.md and the decision notes
// hold the rules.
//   node deploy/checks/docs-links.mjs   (`--root <dir>` checks another tree; the check's own test uses it)
// Landed migrations are left out of the citation rule: they are never edited. Node built-ins only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const ROOT = rootIndex >= 0 ? path.resolve(args[rootIndex + 1]) : path.resolve(import.meta.dirname, '../..');

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.data', '.nx', 'artifacts', 'coverage']);
const TEXT_FILE = /\.(md|ts|tsx|mjs|js|css|json|ya?ml|sh|html)$/;
const EXTERNAL_CITATION = /\b(spec|design)(\.md)? ?§/i;
const LANDED_MIGRATION = /\/src\/database\/migrations\//;
// `docs/product.md#reservations`, then optional `, #points` / ` and #points` in the same file.
const DOC_MENTION = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?(?:(?:,\s*|\s+and\s+|\s+or\s+)#[\w-]+)*/g;
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/**
 * @param {string} [folder]
 * @returns {string[]}
 */
function textFiles(folder = ROOT) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : textFiles(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

/**
 * GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
 * @param {string} heading
 */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** @type {Map<string, Set<string>>} */
const anchorsByFile = new Map();
/**
 * @param {string} file
 * @returns {Set<string>}
 */
function anchorsOf(file) {
  if (!anchorsByFile.has(file)) {
    /** @type {Set<string>} */
    const anchors = new Set();
    /** @type {Map<string, number>} */
    const seen = new Map();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!heading) continue;
      const base = slug(heading[1] ?? '');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorsByFile.set(file, anchors);
  }
  return /** @type {Set<string>} */ (anchorsByFile.get(file));
}

/**
 * Null when `target` (a path, maybe with anchors) exists, else what is wrong.
 * @param {string} target
 * @param {string[]} anchors
 */
function problemWith(target, anchors) {
  if (!existsSync(target)) return 'no such file';
  if (anchors.length === 0) return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md')) return 'an anchor on something that is not a markdown file';
  const missing = anchors.filter((anchor) => !anchorsOf(target).has(anchor));
  return missing.length ? `no heading for #${missing.join(', #')}` : null;
}

/** @type {string[]} */
const problems = [];
let checked = 0;
for (const file of textFiles()) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${relative}:${index + 1}`;
    if (EXTERNAL_CITATION.test(line) && !LANDED_MIGRATION.test(`/${relative}`)) {
      problems.push(`${where}: cites the external spec or design; cite docs/product.md or a decision note`);
    }
    for (const mention of line.matchAll(DOC_MENTION)) {
      const [first, ...more] = mention[0].split(/(?:,\s*|\s+and\s+|\s+or\s+)(?=#)/);
      const [doc, anchor] = first.split('#');
      const anchors = [anchor, ...more.map((m) => m.slice(1))].filter(Boolean);
      checked += 1;
      const problem = problemWith(path.join(ROOT, doc), anchors);
      if (problem) problems.push(`${where}: ${mention[0]}: ${problem}`);
    }
    if (!relative.endsWith('.md')) return;
    for (const link of line.matchAll(MARKDOWN_LINK)) {
      const target = link[1];
      if (/^[a-z][\w+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [linkPath, anchor] = target.split('#');
      checked += 1;
      const problem = problemWith(linkPath ? path.resolve(path.dirname(file), linkPath) : file, anchor ? [anchor] : []);
      if (problem) problems.push(`${where}: (${target}): ${problem}`);
    }
  });
}

if (problems.length) {
  console.error(`docs links: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`docs links: ${checked} links and citations reach their files and headings; no external spec or design cited`);
