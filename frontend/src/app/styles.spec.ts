import { describe, expect, it } from 'vitest';

const stylesheets = import.meta.glob<string>('../**/*.css', { eager: true, query: '?raw', import: 'default' });

// RTL depends on logical properties only (docs/product.md#languages-and-look): no left/right in declarations.
const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-\w+)?\s*:/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /(?:^|[\s;{])border-(?:top|bottom)-(?:left|right)-radius\s*:/,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/,
  /(?:^|[\s;{])(?:width|height|min-width|max-width|min-height|max-height)\s*:/,
];

describe('stylesheets', () => {
  // Vitest empties CSS imports unless test.css.include lets them through (vite.config.ts).
  it('should be read as text', () => {
    expect(Object.keys(stylesheets).length).toBeGreaterThan(3);
    expect(Object.entries(stylesheets).filter(([, css]) => !css.trim())).toEqual([]);
  });

  it('should use logical properties only', () => {
    const offenders: string[] = [];
    for (const [file, css] of Object.entries(stylesheets)) {
      const body = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@media[^{]*\{/g, '{');
      body.split('\n').forEach((line, index) => {
        if (PHYSICAL.some((rule) => rule.test(line))) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
