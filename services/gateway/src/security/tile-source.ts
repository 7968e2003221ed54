/**
 * The Content-Security-Policy source the map's tiles load from: the template's origin, with any
 * subdomain when the template picks one (`https://{s}.tile.example.org/...`).
 */
export function tileSource(tileUrl: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(tileUrl)?.[1];
  if (!origin) throw new Error(`not a tile URL: ${tileUrl}`);
  return origin.replace(/\{s\}\./, '*.');
}
