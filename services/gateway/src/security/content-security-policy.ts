import { tileSource } from './tile-source.js';

/**
 * Helmet's Content-Security-Policy with what the web app needs and no more: photo previews
 * (data:/blob:) and the map's tile server as images; styles from our own files only (no inline
 * `<style>` or `style="…"`: markup that slipped into a page could not restyle it, and nothing of
 * ours needs it, styles set from scripts being allowed); no forced https upgrade (TLS is the
 * reverse proxy's business, and a plain-http deployment must keep working).
 */
export function contentSecurityPolicy(tileUrl: string) {
  return {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', tileSource(tileUrl)],
      'style-src': ["'self'"],
      // Helmet's default also allows any https: font; the web app ships none of its own elsewhere.
      'font-src': ["'self'", 'data:'],
      // The service worker (offline pages, push notifications) and the push handler it imports
      // are our own files: named so a later change of script-src cannot break them unnoticed.
      'worker-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  };
}
