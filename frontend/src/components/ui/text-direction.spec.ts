import { describe, expect, it } from 'vitest';

// Members type Arabic on French screens and French on Arabic ones: every text control takes the
// direction of what is typed in it (dir="auto", issue 21). This reads the sources, as a lint rule
// would, so a new <input> or <textarea> without a direction fails here rather than in a review.
const sources = import.meta.glob<string>(['../../**/*.tsx'], { eager: true, query: '?raw', import: 'default' });

/** Controls with no text to type in: no direction to take. */
const NO_TEXT = /\btype="(checkbox|radio|range|file|hidden|submit|button)"/;

function controlsWithoutDirection(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/<(input|textarea)\b([\s\S]*?)\/>/g)) {
    const attributes = match[2];
    if (NO_TEXT.test(attributes) || /\bdir=/.test(attributes)) continue;
    const line = source.slice(0, match.index).split('\n').length;
    found.push(`${file}:${line} <${match[1]}>`);
  }
  return found;
}

describe('text controls', () => {
  it('should all read the direction of what is typed (dir="auto" or a fixed one)', () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(([file, source]) => controlsWithoutDirection(file, source))).toEqual([]);
  });

  it('should find a control without a direction', () => {
    expect(controlsWithoutDirection('x.tsx', '<input\n  type="search"\n  value={q}\n/>')).toEqual(['x.tsx:1 <input>']);
    expect(controlsWithoutDirection('x.tsx', '<input type="radio" name="a" />')).toEqual([]);
  });
});
