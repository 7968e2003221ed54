import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The budget of issue 10: the JavaScript a first visit downloads before anything is asked for. */
export const INITIAL_JS_BUDGET_KB = 200;

/**
 * Prints the initial JavaScript (the entry chunk and every chunk it imports statically), in KB
 * gzip, after each production build, and fails the build above the budget: the figure is watched
 * on every build, not once in a while.
 */
export function initialSize(): Plugin {
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
      const bytes = [...initial].reduce((sum, fileName) => sum + gzipSync(chunks.get(fileName)!.code).length, 0);
      const kb = bytes / 1024;
      this.info(`initial JavaScript: ${kb.toFixed(1)} KB gzip in ${initial.size} files (budget ${INITIAL_JS_BUDGET_KB} KB)`);
      if (kb > INITIAL_JS_BUDGET_KB) this.error(`initial JavaScript ${kb.toFixed(1)} KB gzip is over the ${INITIAL_JS_BUDGET_KB} KB budget`);
    },
  };
}
