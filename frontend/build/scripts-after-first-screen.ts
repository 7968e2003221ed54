import type { Plugin } from 'vite';

/**
 * Asks for the app's scripts at low priority (`fetchpriority="low"` on the entry and its
 * modulepreloads): the page's first screen is in its HTML (build/first-screens.ts), so what a
 * phone needs first are the style sheet and the photo in view; the scripts that replace the first
 * screen come right after, instead of sharing a slow network with them.
 */
export function scriptsAfterFirstScreen(): Plugin {
  return {
    name: 'hdiya-scripts-after-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
          .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href='),
    },
  };
}
