import { describe, expect, it } from 'vitest';

// Interface icons are SVG (lucide-react): where no colour-emoji font is installed (many Linux
// desktops, the test browser), emoji render as empty boxes.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx,json}', '!../**/*.spec.ts'], { eager: true, query: '?raw', import: 'default' });
const EMOJI = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B50}\u{23F0}-\u{23FA}\u{FE0F}]/u;

describe('icons', () => {
  it('should draw no emoji anywhere in the interface', () => {
    const offenders: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      text.split('\n').forEach((line, index) => {
        if (EMOJI.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim().slice(0, 80)}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
