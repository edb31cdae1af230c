/** The authenticator key as people type it: groups of four letters, so a long key can be read aloud and wraps on a phone. */
export function keyGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}
