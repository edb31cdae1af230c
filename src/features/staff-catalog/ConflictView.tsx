/**
 * What a conflict shows: the API's words (who changed the product, when), then each field either
 * editor changed with what is stored now beside what this editor typed. The form keeps the typed
 * values, laid over the stored product, ready to save again.
 */
import type { ConflictRow } from './product-form.ts';

export function ConflictView({ message, rows }: { message: string; rows: ConflictRow[] }) {
  return (
    <section className="staff-conflict" role="alert" data-testid="product-conflict">
      <p className="font-semibold">{message}</p>
      {rows.length > 0 && (
        <table className="staff-conflict-table">
          <caption className="sr-only">What changed</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Stored now</th>
              <th scope="col">You typed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field} data-field={r.field}>
                <th scope="row">{r.label}</th>
                <td data-testid="conflict-stored">{r.stored}</td>
                <td data-testid="conflict-typed">{r.mine ? r.typed : <span className="text-stone-600">not changed</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
