import { gzipSync } from 'node:zlib';
import type { OutputChunk, Plugin } from 'vite';

/**
 * The JavaScript a first visit downloads before the app renders: issue 44's 120 KB gzip, reached
 * with Preact's React-compatible API in place of React DOM (decision 0054) and one language's texts.
 */
export const INITIAL_JS_BUDGET_KB = 120;

/**
 * Prints the initial JavaScript (the entry chunk and every chunk it imports statically, plus the
 * largest of the chunks `alsoLargestOf` names, which the first render waits for: one language's
 * texts), in KB gzip, after each production build, and fails the build above the budget: the
 * figure is watched on every build, not once in a while.
 */
export function initialSize({ alsoLargestOf }: { alsoLargestOf?: RegExp } = {}): Plugin {
  return {
    name: 'hdiya-initial-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || initial.has(fileName)) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const gzipKB = (chunk: OutputChunk) => gzipSync(chunk.code).length / 1024;
      const awaited = [...chunks.values()].filter((chunk) => alsoLargestOf && chunk.facadeModuleId && alsoLargestOf.test(chunk.facadeModuleId));
      const largestAwaited = Math.max(0, ...awaited.map(gzipKB));
      const kb = [...initial].reduce((sum, fileName) => sum + gzipKB(chunks.get(fileName)!), 0) + largestAwaited;
      const files = initial.size + (awaited.length ? 1 : 0);
      this.info(`initial JavaScript: ${kb.toFixed(1)} KB gzip in ${files} files (budget ${INITIAL_JS_BUDGET_KB} KB)`);
      if (kb > INITIAL_JS_BUDGET_KB) this.error(`initial JavaScript ${kb.toFixed(1)} KB gzip is over the ${INITIAL_JS_BUDGET_KB} KB budget`);
    },
  };
}
