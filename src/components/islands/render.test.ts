import { describe, expect, it } from 'vitest';
import { islandJson } from './render.ts';

describe('islandJson', () => {
  it('escapes every < so a text in the props cannot end the script element, and reads back the same', () => {
    const props = { comment: '</script><script>alert(1)</script><!-- x', n: 3 };
    const json = islandJson(props);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(props);
  });
});
