/**
 * A raw TCP connection to a store, for tests of what a client may do with its socket: what the
 * server sent on it, its close, and GETs written by hand on it (keep-alive as it is).
 */
import { connect, type Socket } from 'node:net';

export interface Held {
  socket: Socket;
  /** Everything the server sent on it. */
  received: () => string;
  /** Resolves once the connection is closed, with everything the server sent. */
  closed: Promise<string>;
}

/** A raw connection to the store from `from` (a loopback address: each is a client of its own). */
export function hold(port: number, from: string): Promise<Held> {
  return new Promise((done, failed) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // A refused or timed-out connection may be reset: its close is what is waited for.
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
    socket.once('connect', () => done({ socket, received: () => text, closed }));
    socket.once('error', failed);
  });
}

/** Sends a GET on a held connection: its reply's status line, or undefined when the connection closes first. */
export function get(held: Held, path: string): Promise<string | undefined> {
  return new Promise((done) => {
    const before = held.received().length;
    const finish = (status: string | undefined) => {
      held.socket.off('data', onData);
      held.socket.off('close', onClose);
      done(status);
    };
    // Runs after hold's own listener has kept the chunk.
    const onData = () => {
      const text = held.received().slice(before);
      if (text.includes('\r\n\r\n')) finish(text.split('\r\n', 1)[0]);
    };
    const onClose = () => finish(undefined);
    held.socket.on('data', onData);
    held.socket.once('close', onClose);
    held.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}
