/** E-mail addresses as logs may show them: the first character of the local part, then `***`. */

/** `ayesha@example.com` → `a***@example.com`; anything without an @ → `***`. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** `text` with every occurrence of `address` (any case) masked: SMTP errors often quote the recipient. */
export function scrubAddress(text: string, address: string): string {
  if (!address) return text;
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(escaped, 'gi'), maskAddress(address));
}
