import type { i18n as I18n } from 'i18next';

/** What i18next's getFixedT answers, with the scope it keeps on the function. */
type FixedT = ((...args: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * i18next looks a text up afresh on every call: it copies its whole options object, resolves the
 * key, checks plurals and nesting and interpolates, about a quarter of a millisecond each on a
 * phone. A browse page's first render asked for the same few hundred texts (status badges, "il y a
 * 3 jours", the filters' labels) and spent more time in it than in any component. The answer of a
 * call depends only on the language's texts and the call's own arguments, so each answer is kept
 * until the texts change (a language loaded, switched or added to).
 */
export function rememberTexts(i18n: I18n): void {
  let answers = new Map<string, unknown>();
  const forget = () => {
    answers = new Map();
  };
  i18n.on('languageChanged', forget);
  i18n.on('loaded', forget);
  i18n.store?.on('added', forget);
  i18n.store?.on('removed', forget);

  /** `lookUp` remembered under `scope` (what a fixed t adds to each call: language, namespace, prefix). */
  const remembering = <F extends (...args: never[]) => unknown>(lookUp: F, scope: string): F =>
    ((...args: Parameters<F>) => {
      const key = rememberable(args, `${i18n.language}\u0000${scope}`);
      if (key === undefined) return lookUp(...args);
      if (answers.has(key)) return answers.get(key);
      const answer = lookUp(...args);
      // Before the texts are in, i18next answers the key itself: not worth keeping.
      if (i18n.hasResourceBundle(i18n.language, 'translation')) answers.set(key, answer);
      return answer;
    }) as F;

  i18n.t = remembering(i18n.t.bind(i18n), 't');
  // react-i18next's useTranslation hands out fixed t's: each copies i18next's options before looking up.
  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => FixedT;
  i18n.getFixedT = ((...args: unknown[]) => {
    const fixed = getFixedT(...args);
    const scope = JSON.stringify([fixed.lng ?? null, fixed.ns ?? null, fixed.keyPrefix ?? null]);
    return Object.assign(remembering(fixed, scope), { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  }) as unknown as typeof i18n.getFixedT;
}

/** The call as a map key, or undefined for a call whose options are not plain values (a function, an object of objects). */
function rememberable(args: unknown[], scope: string): string | undefined {
  for (const arg of args) {
    if (typeof arg === 'function') return undefined;
    if (arg !== null && typeof arg === 'object' && !Array.isArray(arg)) {
      for (const value of Object.values(arg)) if (value !== null && typeof value === 'object' && !(value instanceof Date)) return undefined;
    }
  }
  try {
    return `${scope}\u0000${JSON.stringify(args)}`;
  } catch {
    return undefined;
  }
}
