/**
 * The form kit's handling of wrong fields: a schema's issues as one message per field (the first
 * for each, by the field's name), and the focus moved to the first field marked wrong, so a
 * keyboard or screen reader user lands on what to fix.
 */
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

/** After the render that marks them: focuses the first control of `form` marked aria-invalid. */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
