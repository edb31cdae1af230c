import { describe, expect, it } from 'vitest';
import { pathData, poppins, textLine } from './text.ts';

describe('label text as paths', () => {
  it('writes every coordinate as a number, also those a hair off a whole number', () => {
    expect(pathData([{ type: 'M', x: 604.00000001, y: 1e-9 }, { type: 'Q', x1: 1.25, y1: -3.04, x: 2, y: 3 }, { type: 'Z' }])).toBe('M604 0Q1.3 -3 2 3Z');
    for (const size of [40, 40.1, 41.7, 54.4, 57.3]) {
      const svg = textLine([{ text: "Kellogg's", weight: 700 }, { text: '  ·  500g', weight: 500 }], 400, 740, size, 680, '#fff');
      expect(svg, `at ${size}px`).not.toMatch(/NaN|undefined/);
    }
  });

  it('shrinks a line to the width it is given', () => {
    const wide = poppins(700).getAdvanceWidth('Head & Shoulders  ·  360ml', 54);
    expect(wide).toBeGreaterThan(300);
    const svg = textLine([{ text: 'Head & Shoulders  ·  360ml', weight: 700 }], 400, 740, 54, 300, '#fff');
    const xs = [...svg.matchAll(/[MLQC](-?[\d.]+) /g)].map((m) => Number(m[1]));
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(300);
  });
});
