/**
 * Percent-decoding that never throws. A URL can carry a malformed escape (`/product/%E0%A4%A`),
 * on which `decodeURIComponent` throws "URI malformed"; browser scripts read such URLs from
 * `location`, so they decode through here and get the text as it came when it cannot be decoded.
 */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
