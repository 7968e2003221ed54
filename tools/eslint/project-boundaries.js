// Which project may import which, enforced on every import (package name or relative path), in
// the manner of Nx's enforce-module-boundaries: each project's package.json carries Nx tags
// (`nx.tags`), and a project may import only the projects whose tags its own tags allow.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every workspace project: its folder (relative to the root), package name and tags. */
function readProjects() {
  const { workspaces } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return workspaces.map((folder) => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
    return { folder, name: pkg.name, tags: pkg.nx?.tags ?? [] };
  });
}

const projects = readProjects();

function projectOfFile(file) {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  return projects.find((p) => relative === p.folder || relative.startsWith(`${p.folder}/`)) ?? null;
}

function projectOfImport(source, importer) {
  if (source.startsWith('.')) return projectOfFile(path.resolve(path.dirname(importer), source));
  return projects.find((p) => source === p.name || source.startsWith(`${p.name}/`)) ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { depConstraints: { type: 'array' } }, additionalProperties: false }],
    messages: {
      forbidden: '{{from}} ({{tags}}) may not import {{to}}: allowed are projects tagged {{allowed}}.',
      entryPoint: 'Import {{to}} by its package name (its public entry point), not by a path into its files.',
    },
  },
  create(context) {
    const constraints = context.options[0]?.depConstraints ?? [];
    const importer = projectOfFile(context.filename);
    if (!importer) return {};
    const rules = constraints.filter((c) => importer.tags.includes(c.sourceTag));
    const isTest = /\/test\/|\.spec\.|\.e2e\./.test(context.filename);

    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = projectOfImport(source, context.filename);
      if (!target || target === importer) return;
      const allowed = rules.flatMap((c) => [...c.onlyDependOnLibsWithTags, ...(isTest ? (c.alsoInTests ?? []) : [])]);
      if (!target.tags.some((tag) => allowed.includes(tag))) {
        context.report({
          node,
          messageId: 'forbidden',
          data: { from: importer.name, tags: importer.tags.join(', '), to: target.name, allowed: allowed.join(', ') || 'none' },
        });
      } else if (source.startsWith('.') || source !== target.name) {
        context.report({ node, messageId: 'entryPoint', data: { to: target.name } });
      }
    }

    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'project-boundaries': rule } };
