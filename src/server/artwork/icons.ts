/**
 * The drawings artwork is composed from: icons `set:name` of the installed iconify sets Fluent
 * Emoji Flat (`fluent-emoji-flat`, MIT) and Noto Emoji (`noto`, Apache-2.0).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface IconData {
  body: string;
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  hFlip?: boolean;
}
interface IconSet {
  prefix: string;
  icons: Record<string, IconData>;
  aliases?: Record<string, IconData & { parent: string }>;
  width?: number;
  height?: number;
}

export const ICON_SETS = ['fluent-emoji-flat', 'noto'] as const;
export type IconSetName = (typeof ICON_SETS)[number];

const require = createRequire(import.meta.url);
let iconSets: Map<string, IconSet> | undefined;

function loadIconSets(): Map<string, IconSet> {
  if (!iconSets) {
    iconSets = new Map();
    for (const prefix of ICON_SETS) {
      const file = require.resolve(`@iconify-json/${prefix}/icons.json`);
      iconSets.set(prefix, JSON.parse(readFileSync(file, 'utf8')) as IconSet);
    }
  }
  return iconSets;
}

export interface ResolvedIcon {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
  hFlip: boolean;
}

/** `prefix:name` to its SVG body and view box, or undefined when the set lacks it. */
export function resolveIcon(name: string): ResolvedIcon | undefined {
  const [prefix, icon] = name.split(':');
  const set = loadIconSets().get(prefix);
  if (!set || !icon) return undefined;
  let data: IconData | undefined = set.icons[icon];
  let hFlip = false;
  if (!data) {
    const alias = set.aliases?.[icon];
    if (!alias) return undefined;
    data = set.icons[alias.parent];
    hFlip = Boolean(alias.hFlip);
    if (!data) return undefined;
  }
  return {
    body: data.body,
    left: data.left ?? 0,
    top: data.top ?? 0,
    width: data.width ?? set.width ?? 16,
    height: data.height ?? set.height ?? 16,
    hFlip: hFlip !== Boolean(data.hFlip),
  };
}

/** An icon's SVG body with its ids (gradients, masks) suffixed, so that several can be inlined in one image. */
export function uniqueIds(body: string, suffix: string): string {
  return body
    .replace(/id="([^"]+)"/g, `id="$1-${suffix}"`)
    .replace(/url\(#([^)]+)\)/g, `url(#$1-${suffix})`)
    .replace(/href="#([^"]+)"/g, `href="#$1-${suffix}"`);
}
