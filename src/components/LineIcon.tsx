/** A line icon for React islands, drawn like Icon.astro (24px grid, currentColor strokes). */
import { LINE_ICONS, type LineIconName } from './line-icon.ts';

export { LINE_ICONS };

export function LineIcon({ name, className = 'h-5 w-5' }: { name: LineIconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      <path d={LINE_ICONS[name]} />
    </svg>
  );
}
