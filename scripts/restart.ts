/**
 * `npm run restart`: the running store (`npm start` on PORT, with this checkout's data folder)
 * replaces its store processes one by one with the code on disk, dropping no connection
 * (src/runtime/supervise.ts). It is told with SIGHUP, as `kill -HUP <pid>` would; this waits until
 * the store says it is done, and prints how long it took.
 */
import { config } from '#server/config.ts';
import { readRestarted, runFolder, runningStorePid } from '#runtime/pid-file.ts';

const folder = runFolder(config.dataDir);
const pid = runningStorePid(folder, config.port);
if (!pid) {
  console.error(`✗ No store runs on port ${config.port} from this checkout (no live process in ${folder}). Start it with npm start; set PORT if it runs on another port.`);
  process.exit(1);
}
const asked = Date.now();
process.kill(pid, 'SIGHUP');
console.log(`▸ Asked the store (process ${pid}, port ${config.port}) to restart its store processes one by one…`);
const deadline = asked + 15 * 60_000;
for (;;) {
  const restarted = readRestarted(folder, config.port);
  if (restarted && Date.parse(restarted.at) >= asked) {
    console.log(`▸ Restarted in ${restarted.seconds.toFixed(1)} s: every store process runs the code on disk now.`);
    break;
  }
  if (runningStorePid(folder, config.port) !== pid) {
    console.error('✗ The store stopped during the restart: its log says why.');
    process.exit(1);
  }
  if (Date.now() > deadline) {
    console.error('✗ The restart has not ended after 15 minutes: see the store log.');
    process.exit(1);
  }
  await new Promise((done) => setTimeout(done, 200));
}
