/** A line icon for React islands: icons.ts's markup (Icon.astro's, iconHtml's) as an element. */
import { ICON_PATHS, type IconName } from './icons.ts';

export function LineIcon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
