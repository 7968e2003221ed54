import { describe, expect, it } from 'vitest';
import { bestEdge, coveredArea, pageControls, type Box } from './toast-placement';

const box = (top: number, bottom: number, left = 0, right = 390): Box => ({ top, bottom, left, right });

describe('toast placement', () => {
  const boxes = { bottom: box(650, 740), top: box(72, 162) };

  it('should measure how much of the controls a toast covers, nothing of those beside it', () => {
    expect(coveredArea(boxes.bottom, [box(700, 740, 0, 100), box(600, 649), box(741, 780)])).toBe(40 * 100);
    expect(coveredArea(box(650, 740, 0, 100), [box(700, 740, 101, 200)])).toBe(0);
  });

  it('should move a toast to the top when it would cover a button at the bottom, and stay put on a tie', () => {
    const withdraw = box(690, 730, 16, 200);
    expect(bestEdge('bottom', boxes, [withdraw])).toBe('top');
    expect(bestEdge('bottom', boxes, [box(300, 340)])).toBe('bottom');
    expect(bestEdge('top', boxes, [box(100, 140)])).toBe('bottom');
    expect(bestEdge('top', boxes, [box(100, 140, 0, 100), box(700, 740, 0, 100)])).toBe('top');
  });

  it('should rather cover a whole heading than a corner of a button', () => {
    const heading = { ...box(72, 162), weight: 1 };
    const withdrawCorner = { ...box(730, 740, 16, 60), weight: 100 };
    expect(bestEdge('bottom', boxes, [heading, withdrawCorner])).toBe('top');
    expect(bestEdge('top', boxes, [heading, withdrawCorner])).toBe('top');
  });

  it('should rather cover a little of a title than a whole code', () => {
    const code = box(690, 740, 40, 350);
    const titleEdge = box(140, 160, 40, 350);
    expect(bestEdge('bottom', boxes, [code, titleEdge])).toBe('top');
  });

  it('should keep what the news is about clear even when that covers other buttons', () => {
    // A phone scrolled so "Retirer ma demande" sits at the bottom and "Signaler ce membre" with
    // the member's link at the top: the toast goes to the top.
    const withdraw = { ...box(700, 736, 66, 252), weight: 10_000 };
    const reportMember = { ...box(80, 160, 40, 350), weight: 100 };
    expect(bestEdge('bottom', boxes, [withdraw, reportMember])).toBe('top');
    expect(bestEdge('top', boxes, [withdraw, reportMember])).toBe('top');
  });

  it('should weigh what a page marks as the news subject above its buttons, and buttons above headings', () => {
    const element = (matches: string[]) => ({
      matches: (selector: string) => matches.some((name) => selector.split(', ').includes(name)),
      getBoundingClientRect: () => ({ ...box(0, 10), width: 390, height: 10 }),
    });
    const root = { querySelectorAll: () => [element(['h2']), element(['button']), element(['button', '[data-toast-avoid]']), element(['[data-toast-avoid]'])] };
    expect(pageControls(root as unknown as ParentNode).map((control) => control.weight)).toEqual([1, 100, 10_000, 10_000]);
  });
});
