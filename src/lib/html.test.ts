import { describe, expect, it } from 'vitest';
import { attr, escapeHtml } from './html.ts';

describe('markup as Astro writes it', () => {
  it('escapes the five characters in text', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;');
  });

  it('writes an attribute as Astro does: none, bare, or quoted with & and " escaped', () => {
    expect(attr('hidden', false)).toBe('');
    expect(attr('title', undefined)).toBe('');
    expect(attr('title', null)).toBe('');
    expect(attr('hidden', true)).toBe(' hidden');
    expect(attr('alt', '')).toBe(' alt');
    expect(attr('data-index', 0)).toBe(' data-index="0"');
    expect(attr('content', `Tom & "Jerry" <b>`)).toBe(' content="Tom &amp; &quot;Jerry&quot; <b>"');
  });
});
