import { describe, expect, it } from 'vitest';
import { trapTarget } from './focus-trap.ts';

describe('trapTarget', () => {
  it('wraps Tab from the last element to the first', () => {
    expect(trapTarget(4, 3, false)).toBe(0);
  });
  it('wraps Shift+Tab from the first element to the last', () => {
    expect(trapTarget(4, 0, true)).toBe(3);
  });
  it('lets the browser move focus between inner elements', () => {
    expect(trapTarget(4, 1, false)).toBeNull();
    expect(trapTarget(4, 2, true)).toBeNull();
  });
  it('brings focus that is outside back in at the matching end', () => {
    expect(trapTarget(4, -1, false)).toBe(0);
    expect(trapTarget(4, -1, true)).toBe(3);
  });
  it('keeps a single element focused either way', () => {
    expect(trapTarget(1, 0, false)).toBe(0);
    expect(trapTarget(1, 0, true)).toBe(0);
  });
  it('does nothing without focusable elements', () => {
    expect(trapTarget(0, -1, false)).toBeNull();
  });
});
