/** Where a toast sits: the bottom of the screen (the default) or the top, just under the header. */
export type ToastEdge = 'bottom' | 'top';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * What a toast should not cover: the page's links, buttons, fields and headings, and what a page
 * marks with `data-toast-avoid` (what a toast's news is about: "Retirer ma demande" once a request
 * is sent, the handover code and its title once reserved).
 */
export const PAGE_CONTROLS = 'main a[href], main button, main input, main select, main textarea, main h1, main h2, main [role=button], main [data-toast-avoid]';

/** What a member acts on: covering a little of it weighs more than a heading. */
const CONTROL = 'a[href], button, input, select, textarea, [role=button]';

/**
 * What the news is about outweighs every other control: where the page has scrolled to can put
 * other buttons under both edges (a busy phone scrolled the request's panel so "Retirer ma
 * demande" sat at the bottom and "Signaler ce membre" at the top), and the toast must still leave
 * this one clear.
 */
const NEWS_SUBJECT = '[data-toast-avoid]';

/** How much covering one square pixel costs: a heading 1, a control 100, what the news is about 10,000. */
function weightOf(element: Element): number {
  if (element.matches(NEWS_SUBJECT)) return 10_000;
  return element.matches(CONTROL) ? 100 : 1;
}

/** A control's box and how much covering it costs (see weightOf; 1 when left out). */
export interface Control extends Box {
  weight?: number;
}

/** The page's controls as placement weighs them (zero-sized ones left out). */
export function pageControls(root: ParentNode): Control[] {
  return [...root.querySelectorAll(PAGE_CONTROLS)].flatMap((element) => {
    const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
    return width > 0 && height > 0 ? [{ top, bottom, left, right, weight: weightOf(element) }] : [];
  });
}

function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/** How much of `controls` (in square pixels, times each one's weight) a toast in `toast` covers. */
export function coveredArea(toast: Box, controls: readonly Control[]): number {
  return controls.reduce((sum, control) => sum + overlap(toast, control) * (control.weight ?? 1), 0);
}

/**
 * The edge a toast should sit at (issue 46: toasts covered "Retirer ma demande" and the handover
 * code's title): where it is, unless the other edge covers less of the page's controls; it never
 * moves for a tie, so it does not jump about as the page changes under it.
 */
export function bestEdge(current: ToastEdge, boxes: Record<ToastEdge, Box>, controls: readonly Control[]): ToastEdge {
  const other: ToastEdge = current === 'bottom' ? 'top' : 'bottom';
  return coveredArea(boxes[other], controls) < coveredArea(boxes[current], controls) ? other : current;
}
