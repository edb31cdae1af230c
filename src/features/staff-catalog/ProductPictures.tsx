/**
 * The product's pictures, the first the main one. Shown as they are stored (a new picture comes in
 * through a catalogue file) until the picture upload joins the form.
 */
import { ui } from '#components/forms/ui.ts';
import { responsiveImage } from '#lib/images.ts';

export function ProductPictures({ value, error }: { value: string[]; onChange: (images: string[]) => void; error?: string }) {
  return (
    <div data-testid="product-pictures">
      <p className={ui.label}>Pictures</p>
      {value.length === 0 && <p className={ui.hint}>No pictures.</p>}
      <ul className="flex flex-wrap gap-2">
        {value.map((url, i) => {
          const img = responsiveImage(url);
          return (
            <li key={url}>
              <img src={img.src} srcSet={img.webpSrcset} sizes="96px" width={96} height={96} alt={i === 0 ? 'Main picture' : `Picture ${i + 1}`} className="rounded-lg border border-stone-200" />
            </li>
          );
        })}
      </ul>
      {error && <p className={ui.fieldError}>{error}</p>}
    </div>
  );
}
