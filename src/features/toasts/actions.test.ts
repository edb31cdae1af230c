import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

describe('toasts', () => {
  it('a notice raised before anything draws toasts lives its full time from when they are drawn', async () => {
    vi.useFakeTimers();
    const { $toasts } = await import('./store.ts');
    const { showToast, toastsDrawn, TOAST_MS } = await import('./actions.ts');
    showToast('Added to cart', 'cart');
    vi.advanceTimersByTime(5 * TOAST_MS);
    expect($toasts.get().map((t) => t.message)).toEqual(['Added to cart']);
    toastsDrawn();
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('once drawn, each notice goes after 1 s, with its own id and type', async () => {
    vi.useFakeTimers();
    const { $toasts } = await import('./store.ts');
    const { showToast, toastsDrawn, TOAST_MS } = await import('./actions.ts');
    toastsDrawn();
    const a = showToast('Added to wishlist', 'wishlist');
    const b = showToast('Removed from wishlist', 'wishlist');
    expect(b.id).toBeGreaterThan(a.id);
    expect($toasts.get().map((t) => t.type)).toEqual(['wishlist', 'wishlist']);
    vi.advanceTimersByTime(TOAST_MS);
    expect($toasts.get()).toEqual([]);
  });
});
