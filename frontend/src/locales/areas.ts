type Messages = Record<string, unknown>;

/**
 * One language's texts from its files: each `<lang>/<area>.json` becomes the top-level key <area>,
 * so keys read `auth.login.title`, `errors.POINTS_INSUFFICIENT`.
 */
export function areasOf(files: Record<string, Messages>): Messages {
  const texts: Messages = {};
  for (const [path, messages] of Object.entries(files)) {
    const area = /\/([^/]+)\.json$/.exec(path)?.[1];
    if (area) texts[area] = messages;
  }
  return texts;
}
