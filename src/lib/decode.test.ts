import { describe, expect, it } from 'vitest';
import { decodeOrKeep } from './decode.ts';

describe('decodeOrKeep', () => {
  it('decodes well-formed escapes', () => {
    expect(decodeOrKeep('/category/Fresh%20%26%20Chilled%20Food/')).toBe('/category/Fresh & Chilled Food/');
    expect(decodeOrKeep('/product/%E0%A4%85')).toBe('/product/अ');
  });

  it('keeps a malformed escape as it came instead of throwing', () => {
    expect(decodeOrKeep('/product/%E0%A4%A')).toBe('/product/%E0%A4%A');
    expect(decodeOrKeep('/%')).toBe('/%');
    expect(decodeOrKeep('/%ZZ/%E0%A4%85')).toBe('/%ZZ/%E0%A4%85');
  });
});
