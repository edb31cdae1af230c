/**
 * Label text drawn as vector paths, so that every machine draws the same letters whatever fonts
 * it has installed: Poppins (SIL Open Font License 1.1) from the installed @fontsource/poppins.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font, type PathCommand } from 'opentype.js';

export type Weight = 500 | 700;

const require = createRequire(import.meta.url);
const fonts = new Map<Weight, Font>();

export function poppins(weight: Weight): Font {
  let font = fonts.get(weight);
  if (!font) {
    const buf = readFileSync(require.resolve(`@fontsource/poppins/files/poppins-latin-${weight}-normal.woff`));
    font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
    fonts.set(weight, font);
  }
  return font;
}

const round = (v: number) => String(Math.round(v * 10) / 10);

/**
 * SVG path data of glyph outlines, to 0.1 px. (opentype.js's own toPathData writes NaN for
 * coordinates a hair off a whole number, which cuts letters short.)
 */
export function pathData(commands: PathCommand[]): string {
  return commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${round(c.x)} ${round(c.y)}`;
        case 'Q':
          return `Q${round(c.x1)} ${round(c.y1)} ${round(c.x)} ${round(c.y)}`;
        case 'C':
          return `C${round(c.x1)} ${round(c.y1)} ${round(c.x2)} ${round(c.y2)} ${round(c.x)} ${round(c.y)}`;
        case 'Z':
          return 'Z';
      }
    })
    .join('');
}

/** Every character of `text` has a glyph in the font (Poppins' latin subset). */
export function canDraw(text: string, weight: Weight): boolean {
  const font = poppins(weight);
  return [...text].every((ch) => ch === ' ' || font.charToGlyph(ch).index > 0);
}

export interface TextRun {
  text: string;
  weight: Weight;
  /** Relative size, 1 for the label's main size. */
  scale?: number;
  opacity?: number;
}

/**
 * SVG paths for runs of text set on one line, centred on `cx` with its baseline at `baseline`,
 * at `size` px or smaller so that it fits `maxWidth`.
 */
export function textLine(runs: TextRun[], cx: number, baseline: number, size: number, maxWidth: number, fill: string): string {
  const widthAt = (s: number) => runs.reduce((w, r) => w + poppins(r.weight).getAdvanceWidth(r.text, s * (r.scale ?? 1)), 0);
  const fitted = Math.min(size, (size * maxWidth) / widthAt(size));
  let x = cx - widthAt(fitted) / 2;
  const paths: string[] = [];
  for (const run of runs) {
    const font = poppins(run.weight);
    const s = fitted * (run.scale ?? 1);
    const d = pathData(font.getPath(run.text, x, baseline, s).commands);
    if (d) paths.push(`<path d="${d}" fill="${fill}"${run.opacity !== undefined ? ` fill-opacity="${run.opacity}"` : ''}/>`);
    x += font.getAdvanceWidth(run.text, s);
  }
  return paths.join('');
}
