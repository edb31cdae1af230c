/**
 * Composes one artwork as SVG: a tinted tile, drawings (emoji icons and drawn packages) laid out
 * as fractions of the image, and for products a label band in the brand's colour with the label
 * text set in Poppins. The SVG is what the renderer rasterises; equal SVGs make equal images.
 */
import { IMAGE_KINDS, type ImageKindName } from '#lib/images.ts';
import { inkOn, mix } from './colour.ts';
import { resolveIcon, uniqueIds } from './icons.ts';
import { drawPack, type PackShape } from './packs.ts';
import { textLine, type TextRun } from './text.ts';

interface Placed {
  /** Centre, as fractions of width and height. */
  x: number;
  y: number;
  /** Size as a fraction of the shorter side. */
  size: number;
  rotate?: number;
}

export interface IconLayer extends Placed {
  /** `set:name`, e.g. `fluent-emoji-flat:mango`. */
  icon: string;
  flip?: boolean;
  opacity?: number;
  /** Turns the icon's colours round the colour wheel, in degrees (white grapes from red ones). */
  hue?: number;
  /** Redraws the icon in shades of this colour (green chillies from a red one). */
  tint?: string;
}

export interface PackLayer extends Placed {
  pack: PackShape;
  colour: string;
  contents: string;
  /** `set:name` of the drawing in the pack's window. */
  face?: string;
  faceHue?: number;
  faceTint?: string;
}

export type Layer = IconLayer | PackLayer;

export interface Label {
  /** "Brand · size": the brand is set bold, the rest lighter. */
  text: string;
  /** The band's colour; the text is white or dark, whichever reads better on it. */
  colour: string;
}

export interface Artwork {
  kind: ImageKindName;
  key: string;
  /** Background colour; the tile runs from a lighter mix of it to a slightly deeper one. */
  tint: string;
  /** Optional second gradient colour (banners). */
  tint2?: string;
  /** Centre of the soft highlight, as fractions. */
  glow?: [number, number];
  layers: Layer[];
  label?: Label;
}

/** The label band's height as a fraction of the image height. */
export const LABEL_BAND = 0.17;

function transform(layer: Placed, cx: number, cy: number, flip: boolean): string {
  const transforms: string[] = [];
  if (layer.rotate) transforms.push(`rotate(${layer.rotate} ${cx.toFixed(1)} ${cy.toFixed(1)})`);
  if (flip) transforms.push(`translate(${(2 * cx).toFixed(1)} 0) scale(-1 1)`);
  return transforms.length ? ` transform="${transforms.join(' ')}"` : '';
}

/** The id of the filter that recolours an icon, if any. */
function recolour(hue?: number, tint?: string): string | undefined {
  if (tint) return `tint${tint.slice(1)}`;
  if (hue) return `hue${hue}`;
  return undefined;
}

function iconSvg(name: string, x: number, y: number, size: number, uid: string, filterId?: string): string {
  const icon = resolveIcon(name);
  if (!icon) throw new Error(`Unknown icon ${name}`);
  const filter = filterId ? ` filter="url(#${filterId})"` : '';
  const flip = icon.hFlip ? ` transform="translate(${(2 * x + size).toFixed(1)} 0) scale(-1 1)"` : '';
  return `<g${filter}${flip}><svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" viewBox="${icon.left} ${icon.top} ${icon.width} ${icon.height}">${uniqueIds(icon.body, uid)}</svg></g>`;
}

function layerSvg(layer: Layer, w: number, h: number, uid: string): string {
  const size = layer.size * Math.min(w, h);
  const cx = layer.x * w;
  const cy = layer.y * h;
  const x = cx - size / 2;
  const y = cy - size / 2;
  if ('pack' in layer) {
    const drawn = drawPack(layer.pack, { colour: layer.colour, contents: layer.contents, window: Boolean(layer.face) });
    const f = drawn.face;
    const face = layer.face ? iconSvg(layer.face, f.x - f.size / 2, f.y - f.size / 2, f.size, `${uid}f`, recolour(layer.faceHue, layer.faceTint)) : '';
    return `<g${transform(layer, cx, cy, false)}><svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" viewBox="0 0 100 100">${drawn.body}${face}</svg></g>`;
  }
  const opacity = layer.opacity !== undefined ? ` opacity="${layer.opacity}"` : '';
  return `<g${transform(layer, cx, cy, Boolean(layer.flip))}${opacity}>${iconSvg(layer.icon, x, y, size, uid, recolour(layer.hue, layer.tint))}</g>`;
}

/**
 * A soft shadow on the ground under a drawing: an ellipse filled with a fading gradient, which
 * costs the rasteriser next to nothing (a blur filter per drawing tripled the drawing time).
 */
function contactShadow(layer: Layer, w: number, h: number): string {
  const size = layer.size * Math.min(w, h);
  const cx = layer.x * w;
  const cy = layer.y * h + size * 0.45;
  return `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${(size * 0.4).toFixed(1)}" ry="${(size * 0.07).toFixed(1)}" fill="url(#contact)"/>`;
}

/** Shades of `tint` by the lightness of what is drawn: dark parts deep, light parts pale. */
function tintMatrix(tint: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(tint.slice(i, i + 2), 16) / 255);
  const row = (c: number) => `${(0.4 * c).toFixed(3)} ${(0.8 * c).toFixed(3)} ${(0.13 * c).toFixed(3)} 0 ${(0.25 * c).toFixed(3)}`;
  return `${row(r)} ${row(g)} ${row(b)} 0 0 0 1 0`;
}

function filters(layers: Layer[]): string {
  const defs = new Map<string, string>();
  for (const l of layers) {
    const [hue, tint] = 'pack' in l ? [l.faceHue, l.faceTint] : [l.hue, l.tint];
    const id = recolour(hue, tint);
    if (!id || defs.has(id)) continue;
    const matrix = tint ? `type="matrix" values="${tintMatrix(tint)}"` : `type="hueRotate" values="${hue}"`;
    defs.set(id, `<filter id="${id}"><feColorMatrix ${matrix}/></filter>`);
  }
  return [...defs.values()].join('');
}

function labelSvg(label: Label, w: number, h: number, rx: number): string {
  const band = Math.round(h * LABEL_BAND);
  const top = h - band;
  const [brand, ...rest] = label.text.split(' · ');
  const runs: TextRun[] = [{ text: brand, weight: 700 }];
  if (rest.length) runs.push({ text: `  ·  ${rest.join('  ·  ')}`, weight: 500 });
  const size = band * 0.4;
  const text = textLine(runs, w / 2, top + band / 2 + size * 0.36, size, w * 0.84, inkOn(label.colour));
  return (
    `<path d="M0 ${top}h${w}v${band - rx}q0 ${rx}-${rx} ${rx}h-${w - 2 * rx}q-${rx} 0-${rx}-${rx}z" fill="${label.colour}"/>` +
    `<rect y="${top}" width="${w}" height="${Math.max(2, Math.round(h * 0.006))}" fill="#000000" opacity="0.08"/>` +
    text
  );
}

/** The SVG of one artwork at its kind's full size. */
export function artworkSvg(art: Artwork): string {
  const { width: w, height: h } = IMAGE_KINDS[art.kind];
  const tile = art.kind === 'products' || art.kind === 'categories';
  const light = mix(art.tint, '#ffffff', 0.55);
  const deep = mix(art.tint, art.tint2 ?? '#000000', art.tint2 ? 1 : 0.08);
  const rx = tile ? Math.round(w * 0.07) : 0;
  const shadows = tile ? art.layers.map((l) => contactShadow(l, w, h)).join('') : '';
  const layers = art.layers.map((l, i) => layerSvg(l, w, h, `${i}`)).join('');
  // Category tiles stand on a faint floor; labelled product images on their drawings' own shadows.
  const floor =
    tile && !art.label ? `<ellipse cx="${w / 2}" cy="${h * 0.86}" rx="${w * 0.3}" ry="${h * 0.035}" fill="#000" opacity="0.06"/>` : '';
  const recolours = filters(art.layers);
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<radialGradient id="glow" cx="${art.glow?.[0] ?? 0.5}" cy="${art.glow?.[1] ?? 0.4}" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<radialGradient id="contact"><stop offset="0" stop-color="#3b2a10" stop-opacity="0.22"/><stop offset="1" stop-color="#3b2a10" stop-opacity="0"/></radialGradient>
${recolours}</defs>
<rect width="${w}" height="${h}" rx="${rx}" fill="url(#bg)"/>
<rect width="${w}" height="${h}" rx="${rx}" fill="url(#glow)"/>
${floor}${shadows}${layers}${art.label ? labelSvg(art.label, w, h, rx) : ''}
</svg>`;
}
