/**
 * Drawn packages: a bottle, a can, a carton, a jar, a box... in the brand's colour, with a white
 * window on the front where the product's own drawing goes (a mango on a juice carton). Each is
 * drawn in a 100 x 100 box in the flat style of the emoji around it: plain fills, one darker side,
 * one soft highlight.
 */
import { mix } from './colour.ts';

export const PACK_SHAPES = [
  'bottle',
  'glass-bottle',
  'can',
  'tin',
  'juice-box',
  'milk-carton',
  'jar',
  'box',
  'pouch',
  'sack',
  'tub',
  'tube',
  'spray',
  'pump-bottle',
  'sachet',
] as const;
export type PackShape = (typeof PACK_SHAPES)[number];

export interface PackStyle {
  /** The brand's colour: label, lid or the whole pack. */
  colour: string;
  /** What shows through clear parts (a bottle's drink, a jar's jam). */
  contents: string;
  /** Whether the front has a window for a drawing; a plain label (a cola) has none. */
  window: boolean;
}

export interface DrawnPack {
  /** SVG in the 100 x 100 box. */
  body: string;
  /** The window for the product's drawing: centre and diameter in the box. */
  face: { x: number; y: number; size: number };
}

const dark = (c: string, a = 0.22) => mix(c, '#000000', a);
const light = (c: string, a = 0.35) => mix(c, '#ffffff', a);
const shine = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#ffffff" opacity="0.35"/>`;
const windowAt = (style: PackStyle, x: number, y: number, r: number) =>
  !style.window
    ? ''
    : `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff"/><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#000000" stroke-opacity="0.08" stroke-width="0.8"/>`;

/** A face whose drawing fills most of its window. */
const face = (x: number, y: number, r: number) => ({ x, y, size: r * 1.62 });

const SHAPES: Record<PackShape, (s: PackStyle) => DrawnPack> = {
  // A PET soft-drink bottle: cap, clear shoulders showing the drink, a wrap-around label.
  bottle: (s) => ({
    body:
      `<rect x="42" y="3" width="16" height="8" rx="2" fill="${dark(s.colour, 0.1)}"/>` +
      `<rect x="41" y="10" width="18" height="2.5" rx="1" fill="${dark(s.colour, 0.3)}"/>` +
      `<path d="M43 12.5h14v5c0 5 13 9 13 21v47q0 9-9 9h-22q-9 0-9-9v-47c0-12 13-16 13-21z" fill="${s.contents}"/>` +
      `<path d="M57 17.5c0 5 13 9 13 21v47q0 9-9 9h-4q6-2 6-9v-47c0-12-6-16-6-21z" fill="#000000" opacity="0.1"/>` +
      `<rect x="30" y="43" width="40" height="35" fill="${s.colour}"/>` +
      `<rect x="30" y="43" width="40" height="2.5" fill="${dark(s.colour)}"/><rect x="30" y="75.5" width="40" height="2.5" fill="${dark(s.colour)}"/>` +
      windowAt(s, 50, 60.5, 13.5) +
      shine(34, 24, 4, 62),
    face: face(50, 60.5, 13.5),
  }),
  // A glass bottle with a narrow neck: sauces, syrups, oils, cordials.
  'glass-bottle': (s) => ({
    body:
      `<rect x="42" y="3" width="16" height="9" rx="2" fill="${s.colour}"/>` +
      `<rect x="42" y="9" width="16" height="3" fill="${dark(s.colour)}"/>` +
      `<path d="M44 12h12v10c0 6 14 8 14 20v44q0 10-10 10h-20q-10 0-10-10v-44c0-12 14-14 14-20z" fill="${s.contents}"/>` +
      `<path d="M56 22c0 6 14 8 14 20v44q0 10-10 10h-4q7-1 7-10v-44c0-12-7-14-7-20z" fill="#000000" opacity="0.12"/>` +
      `<rect x="30" y="47" width="40" height="34" rx="3" fill="${s.colour}"/>` +
      windowAt(s, 50, 64, 13.5) +
      shine(34, 30, 4, 56),
    face: face(50, 64, 13.5),
  }),
  // A drink can.
  can: (s) => ({
    body:
      `<path d="M32 16q0-5 5-5h26q5 0 5 5v70q0 5-5 5h-26q-5 0-5-5z" fill="${s.colour}"/>` +
      `<path d="M58 11h5q5 0 5 5v70q0 5-5 5h-5q4 0 4-5v-70q0-5-4-5z" fill="#000000" opacity="0.14"/>` +
      `<rect x="32" y="9" width="36" height="6" rx="3" fill="#cfd4da"/><rect x="36" y="6" width="28" height="5" rx="2.5" fill="#e5e7eb"/>` +
      `<rect x="32" y="87" width="36" height="5" rx="2.5" fill="#cfd4da"/>` +
      windowAt(s, 50, 50, 14) +
      shine(36, 19, 4, 64),
    face: face(50, 50, 14),
  }),
  // A round tin: formula, ghee, biscuits, canned food.
  tin: (s) => ({
    body:
      `<rect x="20" y="26" width="60" height="64" rx="6" fill="${s.colour}"/>` +
      `<path d="M68 26h6q6 0 6 6v52q0 6-6 6h-6q5 0 5-6v-52q0-6-5-6z" fill="#000000" opacity="0.14"/>` +
      `<rect x="18" y="20" width="64" height="10" rx="4" fill="#d6dadf"/><rect x="18" y="27" width="64" height="3" fill="#b8bec6"/>` +
      `<rect x="20" y="84" width="60" height="6" rx="3" fill="${dark(s.colour)}"/>` +
      windowAt(s, 50, 57, 18) +
      shine(25, 34, 4, 46),
    face: face(50, 57, 18),
  }),
  // A juice box with its straw.
  'juice-box': (s) => ({
    body:
      `<path d="M60 16l10-10" stroke="${light(s.colour, 0.75)}" stroke-width="3.5" stroke-linecap="round"/>` +
      `<rect x="57" y="14" width="5" height="14" rx="1.5" fill="${light(s.colour, 0.75)}"/>` +
      `<path d="M28 26l8-6h40l-8 6z" fill="${light(s.colour, 0.25)}"/>` +
      `<path d="M68 26l8-6v66l-8 6z" fill="${dark(s.colour, 0.25)}"/>` +
      `<rect x="28" y="26" width="40" height="66" fill="${s.colour}"/>` +
      windowAt(s, 48, 58, 16.5) +
      shine(31, 30, 3.5, 56),
    face: face(48, 58, 16.5),
  }),
  // A gable-top carton: milk, cream, lassi.
  'milk-carton': (s) => ({
    body:
      `<path d="M30 30l8-20h24l8 20z" fill="${light(s.colour, 0.55)}"/>` +
      `<rect x="37" y="4" width="26" height="7" rx="1.5" fill="${light(s.colour, 0.35)}"/>` +
      `<path d="M62 10l8 20v4l-8-4z" fill="${light(s.colour, 0.2)}"/>` +
      `<rect x="30" y="30" width="40" height="64" rx="2" fill="${s.colour}"/>` +
      `<path d="M62 30h6q2 0 2 2v60q0 2-2 2h-6z" fill="#000000" opacity="0.14"/>` +
      `<rect x="30" y="30" width="40" height="7" fill="#ffffff" opacity="0.85"/>` +
      windowAt(s, 50, 63, 16) +
      shine(33, 40, 3.5, 50),
    face: face(50, 63, 16),
  }),
  // A glass jar with a screw lid: jam, spreads, honey, pickles, coffee.
  jar: (s) => ({
    body:
      `<rect x="27" y="10" width="46" height="14" rx="3" fill="${s.colour}"/>` +
      `<rect x="27" y="19" width="46" height="5" fill="${dark(s.colour)}"/>` +
      `<path d="M29 24h42q4 0 4 6v54q0 8-8 8h-34q-8 0-8-8v-54q0-6 4-6z" fill="${s.contents}"/>` +
      `<path d="M63 24h8q4 0 4 6v54q0 8-8 8h-4q5 0 5-8v-54q0-6-5-6z" fill="#000000" opacity="0.12"/>` +
      `<rect x="25" y="42" width="50" height="36" rx="4" fill="#ffffff"/>` +
      `<rect x="25" y="42" width="50" height="5" fill="${s.colour}"/><rect x="25" y="73" width="50" height="5" fill="${s.colour}"/>` +
      shine(29, 28, 3.5, 58),
    face: { x: 50, y: 60, size: 24 },
  }),
  // A carton box: cereal, spices, tea, detergent, biscuits.
  box: (s) => ({
    body:
      `<path d="M24 14l12-8h40l-12 8z" fill="${light(s.colour, 0.3)}"/>` +
      `<path d="M64 14l12-8v80l-12 8z" fill="${dark(s.colour, 0.28)}"/>` +
      `<rect x="24" y="14" width="40" height="80" fill="${s.colour}"/>` +
      `<rect x="24" y="14" width="40" height="12" fill="#ffffff" opacity="0.2"/>` +
      windowAt(s, 44, 56, 17.5) +
      shine(27, 30, 3.5, 58),
    face: face(44, 56, 17.5),
  }),
  // A stand-up pouch: a sealed, crimped top and sides that bulge with what is inside.
  pouch: (s) => ({
    body:
      `<path d="M27 16h46q7 22 5 52q-1 16-5 24q-23 4-46 0q-4-8-5-24q-2-30 5-52z" fill="${s.colour}"/>` +
      `<path d="M66 16h7q7 22 5 52q-1 16-5 24q-4 1-9 1.5q5-8 6-25.5q2-30-4-52z" fill="#000000" opacity="0.14"/>` +
      `<path d="M25 7h50v10h-50z" fill="${dark(s.colour, 0.12)}"/>` +
      `<path d="M25 7l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3l2.5-3l2.5 3z" fill="${dark(s.colour, 0.12)}"/>` +
      `<path d="M25 13h50" stroke="#000000" stroke-opacity="0.15" stroke-width="0.8"/>` +
      windowAt(s, 50, 55, 18) +
      shine(30, 22, 3.5, 60),
    face: face(50, 55, 18),
  }),
  // A woven sack tied at the top: rice, flour, lentils.
  sack: (s) => ({
    body:
      `<path d="M34 18q16 6 32 0l-2 6q12 8 14 30q2 30-6 36q-6 4-30 4t-30-4q-8-6-6-36q2-22 14-30z" fill="#f3ead8"/>` +
      `<path d="M66 24q12 8 14 30q2 30-6 36q-6 4-14 4q10-4 10-34q0-26-6-32z" fill="#000000" opacity="0.08"/>` +
      `<path d="M32 10q18 8 36 0l-2 8q-16 6-32 0z" fill="#e8dcc2"/>` +
      `<rect x="34" y="20" width="32" height="5" rx="2.5" fill="${dark(s.colour, 0.1)}"/>` +
      `<rect x="24" y="44" width="52" height="36" rx="4" fill="${s.colour}"/>` +
      windowAt(s, 50, 62, 15.5),
    face: face(50, 62, 15.5),
  }),
  // A tub with a lid: yoghurt, ice cream, butter, ghee, mithai.
  tub: (s) => ({
    body:
      `<path d="M16 36h68l-6 50q-1 6-7 6h-42q-6 0-7-6z" fill="${s.colour}"/>` +
      `<path d="M72 36h12l-6 50q-1 6-7 6h-4q5-1 6-6z" fill="#000000" opacity="0.14"/>` +
      `<rect x="12" y="26" width="76" height="12" rx="5" fill="${dark(s.colour, 0.15)}"/>` +
      `<rect x="12" y="26" width="76" height="5" rx="2.5" fill="#ffffff" opacity="0.3"/>` +
      windowAt(s, 50, 63, 17),
    face: face(50, 63, 17),
  }),
  // A squeezable tube standing on its cap: toothpaste, creams.
  tube: (s) => ({
    body:
      `<path d="M30 8h40l-6 74h-28z" fill="${s.colour}"/>` +
      `<path d="M62 8h8l-6 74h-5z" fill="#000000" opacity="0.14"/>` +
      `<rect x="28" y="5" width="44" height="6" rx="1.5" fill="${dark(s.colour, 0.15)}"/>` +
      `<rect x="38" y="82" width="24" height="12" rx="3" fill="#f5f5f4"/><rect x="38" y="82" width="24" height="3" fill="#d6d3d1"/>` +
      windowAt(s, 50, 44, 14.5) +
      shine(35, 16, 3.5, 56),
    face: face(50, 44, 14.5),
  }),
  // An aerosol can: insect spray, deodorant, air freshener.
  spray: (s) => ({
    body:
      `<rect x="42" y="4" width="14" height="8" rx="2" fill="#e5e7eb"/><rect x="54" y="6" width="6" height="3" rx="1" fill="#9ca3af"/>` +
      `<path d="M36 12h28q6 0 6 8v2h-40v-2q0-8 6-8z" fill="${dark(s.colour, 0.2)}"/>` +
      `<rect x="30" y="22" width="40" height="72" rx="4" fill="${s.colour}"/>` +
      `<path d="M60 22h6q4 0 4 4v64q0 4-4 4h-6q4 0 4-4v-64q0-4-4-4z" fill="#000000" opacity="0.14"/>` +
      windowAt(s, 50, 58, 15) +
      shine(34, 26, 3.5, 62),
    face: face(50, 58, 15),
  }),
  // A bottle with a pump or flip cap: shampoo, hand wash, lotion.
  'pump-bottle': (s) => ({
    body:
      `<rect x="46" y="10" width="8" height="12" fill="#e7e5e4"/><path d="M44 8h22v6h-4v-2h-18z" fill="#d6d3d1"/>` +
      `<rect x="40" y="20" width="20" height="8" rx="2" fill="${dark(s.colour, 0.15)}"/>` +
      `<path d="M30 36q0-8 8-8h24q8 0 8 8v50q0 8-8 8h-24q-8 0-8-8z" fill="${s.colour}"/>` +
      `<path d="M60 28h2q8 0 8 8v50q0 8-8 8h-2q5 0 5-8v-50q0-8-5-8z" fill="#000000" opacity="0.14"/>` +
      windowAt(s, 50, 62, 15) +
      shine(34, 36, 3.5, 48),
    face: face(50, 62, 15),
  }),
  // A flat sachet or wrapper: sachets, bars, wipes, packets of seeds.
  sachet: (s) => ({
    body:
      `<path d="M18 22h64v58h-64z" fill="${s.colour}"/>` +
      `<path d="M18 22h64v6h-64zM18 74h64v6h-64z" fill="${dark(s.colour, 0.15)}"/>` +
      `<path d="M18 22l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3zM18 80l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3l3 -3l3 3z" fill="${dark(s.colour, 0.15)}"/>` +
      windowAt(s, 50, 51, 17) +
      shine(22, 32, 3.5, 38),
    face: face(50, 51, 17),
  }),
};

export function drawPack(shape: PackShape, style: PackStyle): DrawnPack {
  return SHAPES[shape](style);
}
