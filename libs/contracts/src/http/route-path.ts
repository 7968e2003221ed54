/** `'/api/donations/{id}'` with `{ id: 7 }` → `'/api/donations/7'` (each value URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Paramètre manquant : ${name}`);
    return encodeURIComponent(String(value));
  });
}
