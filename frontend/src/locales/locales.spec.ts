import { describe, expect, it } from 'vitest';
import { frenchValidationTexts } from '@/lib/validation';

type Tree = { [key: string]: string | Tree };

// The texts of screens loaded on demand (lazy/<lang>/<area>.json, lib/lazy-texts) are checked alike.
const files = import.meta.glob<Tree>(['./*/*.json', './lazy/*/*.json'], { eager: true, import: 'default' });
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
    const match = new RegExp(`^\\./(?:lazy/)?${language}/(.+)\\.json$`).exec(path);
    if (match) Object.assign(out, flatten(tree, match[1]));
  }
  return out;
}

// French form messages are the contracts' own texts (lib/validation), not a file of their own.
const fr = { ...messagesOf('fr'), ...flatten(frenchValidationTexts() as Tree, 'validation') };
const ar = messagesOf('ar');
const areas = new Set(Object.keys(fr).map((key) => key.split('.')[0]));
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

// Counted messages use i18next's plural suffixes: French needs `one` and `other`, Arabic all six
// forms of its plural rules. Keys are compared by their base (`messages.unread`).
// Ordinals ("2e dans la file") have their own forms: French `one` (1er) and `other`, Arabic `other`.
const PLURAL = /(?<!_ordinal)_(zero|one|two|few|many|other)$/;
const ORDINAL = /_ordinal_(zero|one|two|few|many|other)$/;
const PLURAL_FORMS = { fr: ['one', 'other'], ar: ['zero', 'one', 'two', 'few', 'many', 'other'] } as const;
const ORDINAL_FORMS = { fr: ['one', 'other'], ar: ['other'] } as const;
const baseOf = (key: string) => key.replace(ORDINAL, '').replace(PLURAL, '');
const pluralBases = (messages: Record<string, string>) => new Set(Object.keys(messages).filter((key) => PLURAL.test(key)).map(baseOf));
const ordinalBases = (messages: Record<string, string>) => new Set(Object.keys(messages).filter((key) => ORDINAL.test(key)).map(baseOf));

describe('locales', () => {
  it('should have the same keys in French and Arabic', () => {
    const bases = (messages: Record<string, string>) => [...new Set(Object.keys(messages).map(baseOf))].sort();
    expect(bases(ar)).toEqual(bases(fr));
  });

  it('should give every counted message all the plural forms of each language', () => {
    for (const [language, messages] of [['fr', fr], ['ar', ar]] as const) {
      for (const base of pluralBases(messages)) {
        expect({ language, base, forms: PLURAL_FORMS[language].filter((form) => !(`${base}_${form}` in messages)) }).toEqual({ language, base, forms: [] });
      }
      for (const base of ordinalBases(messages)) {
        expect({ language, base, forms: ORDINAL_FORMS[language].filter((form) => !(`${base}_ordinal_${form}` in messages)) }).toEqual({ language, base, forms: [] });
      }
    }
  });

  it('should keep the same interpolations and tags in both languages', () => {
    const counted = pluralBases(fr);
    const ordinals = ordinalBases(fr);
    for (const key of Object.keys(fr)) {
      if (counted.has(baseOf(key)) || ordinals.has(baseOf(key))) continue;
      expect({ key, vars: variables(ar[key] ?? '') }).toEqual({ key, vars: variables(fr[key]) });
    }
    // A plural form may spell its number out ("رسالتان"), so it may leave {{count}} out, nothing else.
    for (const base of counted) {
      const allowed = new Set(variables(fr[`${base}_other`] ?? ''));
      for (const form of PLURAL_FORMS.ar) {
        expect({ base, form, extra: variables(ar[`${base}_${form}`] ?? '').filter((v) => !allowed.has(v)) }).toEqual({ base, form, extra: [] });
        expect({ base, form, missing: [...allowed].filter((v) => v !== 'count' && !variables(ar[`${base}_${form}`] ?? '').includes(v)) }).toEqual({ base, form, missing: [] });
      }
    }
  });

  it('should keep the interpolations of ordinal messages', () => {
    for (const base of ordinalBases(fr)) {
      expect({ base, vars: variables(ar[`${base}_ordinal_other`] ?? '') }).toEqual({ base, vars: variables(fr[`${base}_ordinal_other`]!) });
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
    const defined = (messages: Record<string, string>, key: string) => key in messages || `${key}_other` in messages || `${key}_ordinal_other` in messages;
    const missing = [...used].filter((key) => !defined(fr, key) || !defined(ar, key));
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

});
