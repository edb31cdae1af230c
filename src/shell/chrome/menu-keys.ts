/**
 * Keyboard rules of the ARIA menu button pattern, kept pure so they are unit-tested apart from the DOM:
 * which item an arrow, Home or End moves to, and type-ahead (typed letters pick the next item whose
 * label starts with them; the typed text resets after TYPE_AHEAD_RESET_MS without a key).
 */
export const TYPE_AHEAD_RESET_MS = 350;

/** The item index a navigation key moves to from `current`, wrapping; undefined for other keys. */
export function moveIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'ArrowDown') return (current + 1) % count;
  if (key === 'ArrowUp') return (current - 1 + count) % count;
  if (key === 'Home' || key === 'PageUp') return 0;
  if (key === 'End' || key === 'PageDown') return count - 1;
  return undefined;
}

/**
 * The first label, searching from `from` onwards and wrapping, that starts with `text` (ignoring case
 * and leading spaces); -1 when none does.
 */
export function matchIndex(labels: readonly string[], text: string, from: number): number {
  const wanted = text.toLowerCase();
  for (let i = 0; i < labels.length; i++) {
    const index = (from + i) % labels.length;
    if (labels[index].trim().toLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}

/**
 * Type-ahead state: `next(key, now, current, labels)` returns the index to focus for a printable key.
 * Repeating one letter cycles through the items that start with it; typing more letters narrows the match
 * from the current item onwards.
 */
export function typeAhead(resetMs = TYPE_AHEAD_RESET_MS) {
  let text = '';
  let last = -Infinity;
  return {
    next(key: string, now: number, current: number, labels: readonly string[]): number {
      text = now - last > resetMs ? key : text + key;
      last = now;
      const repeated = text.length > 1 && [...text].every((c) => c === text[0]);
      // One letter (or the same letter again): look past the current item; more letters: include it.
      const single = text.length === 1 || repeated;
      const found = matchIndex(labels, single ? text[0] : text, single ? current + 1 : Math.max(current, 0));
      return found === -1 ? current : found;
    },
    get text() {
      return text;
    },
  };
}

/** A key that types a character (not a shortcut). */
export function isPrintable(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
