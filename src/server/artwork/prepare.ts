/** Draws all the artwork before a build, with a progress line every 10% when there is work to do. */
import { generateImages } from './render.ts';

export async function prepareArtwork(outDir: string, log: (line: string) => void = console.log): Promise<void> {
  let reported = 0;
  const result = await generateImages({
    outDir,
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
