import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPulse, type PulseDocument } from './pulse.ts';

class FakeDocument implements PulseDocument {
  visibilityState: DocumentVisibilityState = 'visible';
  private listeners = new Set<() => void>();
  addEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: 'visibilitychange', l: () => void) {
    this.listeners.delete(l);
  }
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const l of this.listeners) l();
  }
}

describe('watchPulse', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks at once, then every interval, and calls onChange only when the mark moves', async () => {
    const doc = new FakeDocument();
    const marks = ['1', '1', '2', '2', '5'];
    const read = vi.fn(async () => marks.shift());
    const onChange = vi.fn();
    const stop = watchPulse({ read, onChange, doc, every: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(onChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(onChange).toHaveBeenLastCalledWith('2');
    await vi.advanceTimersByTimeAsync(6000);
    expect(onChange.mock.calls).toEqual([['2'], ['5']]);
    stop();
    await vi.advanceTimersByTimeAsync(30000);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('does not ask while the page is hidden, and asks at once when it shows again', async () => {
    const doc = new FakeDocument();
    let n = 0;
    const read = vi.fn(async () => String(n));
    const onChange = vi.fn();
    watchPulse({ read, onChange, doc, every: 3000 });
    await vi.advanceTimersByTimeAsync(0);
    doc.set('hidden');
    n = 1;
    await vi.advanceTimersByTimeAsync(60000);
    expect(read).toHaveBeenCalledTimes(1);
    doc.set('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('keeps asking after a failed look', async () => {
    const doc = new FakeDocument();
    const replies: (() => Promise<string | undefined>)[] = [async () => 'a', async () => Promise.reject(new Error('offline')), async () => undefined, async () => 'b'];
    const onChange = vi.fn();
    watchPulse({ read: () => replies.shift()!(), onChange, doc, every: 3000 });
    await vi.advanceTimersByTimeAsync(9000);
    expect(onChange).toHaveBeenCalledWith('b');
  });
});
