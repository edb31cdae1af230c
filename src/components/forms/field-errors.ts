/**
 * The form kit's handling of wrong fields: a schema's issues as one message per field (the first
 * for each, by the field's name), and the focus moved to the first field marked wrong once the
 * render that marks it is on screen, so a keyboard or screen reader user lands on what to fix.
 */
import { useEffect, useState, type RefObject } from 'react';

export type FieldErrors = Record<string, string>;

/** One message per field, the first issue of each; an issue of the whole form goes under `''`. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Returns `focusInvalid()`: call it with the state change that marks the fields (aria-invalid),
 * and after that render commits, the first marked control inside `root` takes the focus.
 */
export function useFocusInvalid(root: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, root]);
  return () => setAsked((n) => n + 1);
}
