import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, parseTrustProxy } from './client-address.ts';

describe('clientAddress', () => {
  it("is the socket's address by default, whatever X-Forwarded-For claims", () => {
    expect(clientAddress('203.0.113.5', '1.2.3.4', undefined)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:203.0.113.5', undefined, undefined)).toBe('203.0.113.5');
  });

  it('behind one proxy, is the entry that proxy added (the rightmost), not what the client wrote before it', () => {
    const trust = parseTrustProxy('1');
    expect(clientAddress('10.0.0.2', '1.2.3.4, 198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', '198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', undefined, trust)).toBe('10.0.0.2');
  });

  it('with a hop count larger than the chain, stops at its first entry', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.7', parseTrustProxy('3'))).toBe('198.51.100.7');
  });

  it('with a proxy list, walks from the right past the listed proxies only', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.168.1.10');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 192.168.1.10', trust)).toBe('198.51.100.7');
    // Not from a listed proxy: the header is the client's own words and is ignored.
    expect(clientAddress('203.0.113.9', '198.51.100.7', trust)).toBe('203.0.113.9');
  });

  it('stops at the proxy that passed on an entry that is not an address', () => {
    expect(clientAddress('10.0.0.2', 'not-an-ip', parseTrustProxy('1'))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', "'; drop table users; --, 198.51.100.7", parseTrustProxy('2'))).toBe('198.51.100.7');
    expect(clientAddress('10.0.0.2', ' , ', parseTrustProxy('10.0.0.0/8'))).toBe('10.0.0.2');
  });
});

describe('clientKey', () => {
  it('counts IPv4 clients by address and IPv6 clients by their /64', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('')).toBe('unknown');
  });
});

describe('parseTrustProxy', () => {
  it('reads nothing, a hop count or a list, and refuses anything else at start', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('')).toBeUndefined();
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8,::1')).toHaveProperty('proxies');
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/8/1')).toThrow(/TRUST_PROXY/);
  });
});
