/**
 * How one product is drawn: as a pack (a bottle, box, jar... in its brand's colour, with what is
 * inside on its front), or as the thing itself, each with what goes with it drawn beside.
 */
import type { PackShape } from './packs.ts';

interface Common {
  /** What goes with it, drawn beside (the mango beside the mango juice). */
  with?: string;
  /** Turns the drawings' colours round the colour wheel, in degrees: white grapes from red ones. */
  hue?: number;
  /** Redraws the drawings in shades of one colour: green chillies from a red one. */
  tint?: string;
  /** The pack's colour when it is not the brand's (Milo is green, Nestlé's colour is not). */
  colour?: string;
}

export type ProductDrawing =
  | (Common & {
      pack: PackShape;
      /** On the pack's front: what is inside. None for a plain label (a cola). */
      face?: string;
      /** What shows through a bottle or jar; default a pale tint of the brand's colour. */
      contents?: string;
    })
  | (Common & { icon: string });
