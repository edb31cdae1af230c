/**
 * Polls `read` until `done` holds, at most 2 s: a change's notification, sent by the database on
 * commit, takes a moment to reach this process's catalogue cache.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
