import { describe, expect, it } from 'vitest';
import { openAddress } from './open-address.ts';

describe('openAddress', () => {
  it('shows the loopback address the store listens on as it is', () => {
    expect(openAddress('127.0.0.1', 4801)).toBe('http://127.0.0.1:4801');
  });
  it('shows localhost for a wildcard address or localhost', () => {
    expect(openAddress('0.0.0.0', 4801)).toBe('http://localhost:4801');
    expect(openAddress('::', 4801)).toBe('http://localhost:4801');
    expect(openAddress('localhost', 80)).toBe('http://localhost:80');
  });
  it('shows any other host as given, IPv6 in brackets', () => {
    expect(openAddress('192.168.1.20', 4801)).toBe('http://192.168.1.20:4801');
    expect(openAddress('::1', 4801)).toBe('http://[::1]:4801');
    expect(openAddress('shop.example', 8080)).toBe('http://shop.example:8080');
  });
});
