/**
 * A store server fed its connections the way `npm start`'s primary feeds a store process
 * (src/runtime/supervise.ts): a front that accepts each connection without reading it and hands
 * it to `adopt`; here the front is in the same process. `port` is the front's.
 */
import { createServer, type AddressInfo } from 'node:net';
import { startServer, type RunningServer, type StartServerOptions } from '#server/main.ts';

export async function startHandedServer(options: Omit<StartServerOptions, 'listen' | 'port'>): Promise<RunningServer> {
  let server: RunningServer | undefined;
  const front = createServer({ pauseOnConnect: true }, (socket) => (server ? server.adopt(socket) : socket.destroy()));
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const port = (front.address() as AddressInfo).port;
  server = await startServer({ ...options, port, listen: false });
  const close = server.close.bind(server);
  return Object.assign(server, {
    close: async () => {
      await new Promise<void>((done) => front.close(() => done()));
      await close();
    },
  });
}
