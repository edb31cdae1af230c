/**
 * Where sign-in sends the shopper back to (`/signin/?next=…`): a path of this store only. Anything
 * that could leave the site or run script is refused: another origin (`https://…`, `//host`,
 * `/\host`, which browsers read as `//host`), a scheme (`javascript:`), a backslash or a control
 * character anywhere, a path that does not start with one `/`. The sign-in pages themselves are
 * refused too (returning there would ask again). No imports beyond the rule on control characters,
 * so the sign-in page carries next to nothing for it.
 */
import { CONTROL_CHARACTERS } from './control-characters.ts';

/** Longer than any page of the store; a longer `next` is not a page the shopper was on. */
export const RETURN_PATH_MAX_LENGTH = 512;

const ORIGIN = 'https://kiryana.invalid';
const SIGN_IN_PAGES = ['/signin', '/register', '/forgotpassword', '/passwordreset'];

/** The same-site path to return to (path, query and fragment, as given), or undefined when `raw` is not one. */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return undefined;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || CONTROL_CHARACTERS.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (SIGN_IN_PAGES.some((page) => path === page || path.startsWith(`${page}/`))) return undefined;
  return raw;
}
