import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// axe-core, injected inline into the page (its context needs `bypassCSP: true`).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The serious and critical accessibility violations (contrast AA and the visible label in the
 * accessible name included), one line each, of the whole page or of what `within` (a CSS
 * selector) selects.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: Document | string, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    // label-content-name-mismatch is among axe's experimental rules, off unless asked (issue 46: the
    // avatar button's name did not contain its initials).
    return (await axe.run(selector ?? document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })).violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}
