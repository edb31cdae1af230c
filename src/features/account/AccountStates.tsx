/** The account and profile pages' still states: loading (grey shapes) and a failed load with Try Again. */
import { LineIcon } from '#components/LineIcon.tsx';
import { ui } from '#components/forms/ui.ts';

export function AccountLoading({ label }: { label: string }) {
  const bar = 'animate-pulse rounded bg-stone-200';
  return (
    <div data-testid="account-loading">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex items-center gap-4" aria-hidden="true">
        <div className={`h-16 w-16 rounded-full ${bar}`} />
        <div className="flex-1 space-y-2">
          <div className={`h-5 w-1/2 ${bar}`} />
          <div className={`h-4 w-2/3 ${bar}`} />
        </div>
      </div>
      <div className="mt-6 space-y-3" aria-hidden="true">
        <div className={`h-4 w-full ${bar}`} />
        <div className={`h-4 w-5/6 ${bar}`} />
        <div className={`h-4 w-3/4 ${bar}`} />
      </div>
    </div>
  );
}

export function AccountFailed({ onRetry, what = 'Your account' }: { onRetry: () => void; what?: string }) {
  return (
    <div role="alert" className="flex flex-col items-center py-6 text-center" data-testid="account-error">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-red-50 text-red-700">
        <LineIcon name="alert" className="h-7 w-7" />
      </span>
      <h2 className="mt-3 text-lg font-semibold text-stone-900">{what} could not be loaded</h2>
      <p className="mt-1 text-sm text-stone-600">Please check your connection and try again.</p>
      <button type="button" onClick={onRetry} className={`${ui.secondary} mt-5`}>
        Try Again
      </button>
    </div>
  );
}

/** The first letter of the name, in a circle. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-brand-700 text-2xl font-bold text-white" aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
