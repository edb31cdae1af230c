/** Makes the product artwork with a progress line every 10% when there is work to do. */
import { generateImages } from '../../src/server/seed/render-artwork.ts';
import { ARTWORK_DIR } from '#server/config.ts';

export async function prepareArtwork(log: (line: string) => void = console.log): Promise<void> {
  let reported = 0;
  const result = await generateImages({
    outDir: ARTWORK_DIR,
    onProgress(done, total, written) {
      const tenth = Math.floor((done / total) * 10);
      if (written > 0 && tenth > reported) {
        reported = tenth;
        log(`  … artwork ${done}/${total}`);
      }
    },
  });
  if (result.written) log(`  wrote ${result.written} image files in ${(result.ms / 1000).toFixed(0)} s`);
}
