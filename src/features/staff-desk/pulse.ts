/**
 * Watches the desk's pulse (`GET /orders/pulse`, a mark that changes whenever any order is placed
 * or changes): asks every `every` ms while the page is visible, at once when it becomes visible
 * again, and never while it is hidden. The first mark is the starting point; each later mark that
 * differs calls `onChange`. A failed look is skipped (the next one asks again). Must not throw.
 */
import { PULSE_MS } from './view.ts';

export interface PulseDocument {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface PulseOptions {
  /** The current mark, or undefined when it could not be read. */
  read: () => Promise<string | undefined>;
  onChange: (mark: string) => void;
  doc?: PulseDocument;
  every?: number;
}

/** Starts watching; the returned function stops it. */
export function watchPulse({ read, onChange, doc = document, every = PULSE_MS }: PulseOptions): () => void {
  let mark: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let asking = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!stopped && doc.visibilityState === 'visible') timer = setTimeout(look, every);
  };

  async function look() {
    if (stopped || asking || doc.visibilityState !== 'visible') return;
    asking = true;
    try {
      const now = await read().catch(() => undefined);
      if (now !== undefined && !stopped) {
        if (mark !== undefined && now !== mark) onChange(now);
        mark = now;
      }
    } finally {
      asking = false;
      schedule();
    }
  }

  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void look();
    else schedule(); // hidden: the pending look is dropped
  };

  doc.addEventListener('visibilitychange', onVisibility);
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
