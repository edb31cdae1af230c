/**
 * The form's message region: an error in a role=alert region, a success in a role=status one.
 * Both regions are always in the page, so a message put in them is announced.
 */
export function FormMessages({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      <div role="alert" className="not-empty:mt-4" data-testid="form-error">
        {error && <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{error}</p>}
      </div>
      <div role="status" className="not-empty:mt-4" data-testid="form-success">
        {success && <p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">{success}</p>}
      </div>
    </>
  );
}
