/**
 * Which categories the second bar shows as quick links beside the Categories menu, at each width:
 * the first few whose links fit in one line without scrolling. Widths are estimated from the names
 * at build time (13 px medium text: at most CHAR_PX a character, plus the link's padding), erring on
 * the side of showing fewer; the menu always lists every category.
 */
export const CHAR_PX = 7.6;
export const LINK_PADDING_PX = 22;

/** Room for quick links at each breakpoint: the bar's width less its padding and the menu button. */
export const QUICK_ROOM = { md: 768 - 32 - 150, lg: 1024 - 32 - 150, xl: 1280 - 32 - 150 } as const;
export type QuickBreakpoint = keyof typeof QUICK_ROOM;

export function linkWidth(name: string): number {
  return Math.ceil(name.length * CHAR_PX + LINK_PADDING_PX);
}

/** For each name, the narrowest breakpoint from which it is shown, or null when it never fits. */
export function quickLinkBreakpoints(names: readonly string[]): (QuickBreakpoint | null)[] {
  let used = 0;
  return names.map((name) => {
    used += linkWidth(name);
    return (Object.keys(QUICK_ROOM) as QuickBreakpoint[]).find((bp) => used <= QUICK_ROOM[bp]) ?? null;
  });
}
