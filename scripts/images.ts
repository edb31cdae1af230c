/** Draws the catalogue artwork into the artwork cache: see src/server/artwork/draw.ts. */
import '#server/artwork/draw.ts';
