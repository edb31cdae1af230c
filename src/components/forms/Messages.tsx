/**
 * A form's messages: an error in a role=alert region, a success or notice in a role=status one.
 * The regions are always in the page (empty until needed), so a message put in them is announced.
 */
/**
 * `list`: the fields' messages, listed under the message (each is also shown beside its field).
 * `testId` names the region for tests (the checkout's is 'checkout-error').
 */
export function ErrorMessage({ message, list, testId = 'form-error' }: { message?: string; list?: string[]; testId?: string }) {
  return (
    <div role="alert" className="not-empty:mt-4" data-testid={testId}>
      {message && (
        <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">{message}</p>
          {list && list.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {list.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

export function SuccessMessage({ message, testId = 'form-success' }: { message?: string; testId?: string }) {
  return (
    <div role="status" className="not-empty:mt-4" data-testid={testId}>
      {message && <p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium break-words text-brand-900">{message}</p>}
    </div>
  );
}

export function FormMessages({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      <ErrorMessage message={error} />
      <SuccessMessage message={success} />
    </>
  );
}
