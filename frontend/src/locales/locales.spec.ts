import { describe, expect, it } from 'vitest';
import { frenchValidationTexts } from '@/lib/validation';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.spec.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

function messagesOf(language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = new RegExp(`^\\./${language}/(.+)\\.json$`).exec(path);
    if (match) Object.assign(out, flatten(tree, match[1]));
  }
  return out;
}

// French form messages are the contracts' own texts (lib/validation), not a file of their own.
const fr = { ...messagesOf('fr'), ...flatten(frenchValidationTexts() as Tree, 'validation') };
const ar = messagesOf('ar');
const areas = new Set(Object.keys(fr).map((key) => key.split('.')[0]));
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('locales', () => {
  it('should have the same keys in French and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(fr).sort());
  });

  it('should keep the same interpolations and tags in both languages', () => {
    for (const key of Object.keys(fr)) {
      expect({ key, vars: variables(ar[key] ?? '') }).toEqual({ key, vars: variables(fr[key]) });
    }
  });

  it('should have no empty message', () => {
    expect(Object.entries({ ...fr, ...ar }).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('should define every literal key the source code uses', () => {
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const [, key] of source.matchAll(/['"]([a-zA-Z]+(?:\.[\w]+)+)['"]/g)) {
        if (areas.has(key.split('.')[0])) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((key) => !(key in fr) || !(key in ar));
    expect(missing).toEqual([]);
  });

  it('should resolve every template key the source code builds', () => {
    const unmatched: string[] = [];
    for (const source of Object.values(sources)) {
      for (const [, template] of source.matchAll(/t\(\s*`([^`]+)`/g)) {
        const pattern = new RegExp(`^${template.replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '[^.]+')}$`);
        if (!Object.keys(fr).some((key) => pattern.test(key))) unmatched.push(template);
      }
    }
    expect(unmatched).toEqual([]);
  });

  it('should read points exactly as "N points" / "N نقاط"', () => {
    expect(fr['points.balance']).toBe('{{value}} points');
    expect(ar['points.balance']).toBe('{{value}} نقاط');
  });
});
