/** One picture of the picture field: its thumbnail, "Main picture" on the first, and what may be done to it. */
import { responsiveImage } from '#lib/images.ts';

export type PictureAction = 'left' | 'right' | 'main' | 'remove';

export interface PictureThumbProps {
  image: string;
  index: number;
  count: number;
  onAction(action: PictureAction): void;
  onDragStart(): void;
  onDragEnd(): void;
  onDropHere(): void;
  /** Whether one of the pictures is being dragged (not a file from outside). */
  dragging(): boolean;
}

export function PictureThumb({ image, index, count, onAction, onDragStart, onDragEnd, onDropHere, dragging }: PictureThumbProps) {
  const shown = responsiveImage(image);
  const main = index === 0;
  const name = `Picture ${index + 1}`;
  return (
    <div
      className="picture-item"
      data-index={index}
      role="group"
      aria-label={main ? `${name}, the main picture` : name}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', image);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => {
        if (dragging()) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!dragging()) return;
        event.preventDefault();
        event.stopPropagation();
        onDropHere();
      }}
    >
      <div className="picture-frame">
        <img src={shown.src} srcSet={shown.webpSrcset} sizes="8rem" width={shown.width} height={shown.height} alt={name} loading="lazy" draggable={false} />
        {main && <span className="picture-main">Main picture</span>}
      </div>
      <div className="picture-actions">
        <button type="button" className="staff-button-small" data-action="left" disabled={index === 0} onClick={() => onAction('left')}>
          Move left
        </button>
        <button type="button" className="staff-button-small" data-action="right" disabled={index === count - 1} onClick={() => onAction('right')}>
          Move right
        </button>
        {!main && (
          <button type="button" className="staff-button-small" data-action="main" onClick={() => onAction('main')}>
            Make main
          </button>
        )}
        <button type="button" className="staff-button-danger" data-action="remove" onClick={() => onAction('remove')}>
          Remove
        </button>
      </div>
    </div>
  );
}
