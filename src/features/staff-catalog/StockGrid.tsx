/**
 * /staff/stock/: the stock and price grid. Products in pages of 50 (search, category, low or out
 * of stock), their stock, price and discount edited in place (StockTable); every change is kept
 * until "Save N changes" sends them in ONE request (all or nothing) or "Discard" drops them, across
 * pages and filters. A refused save loses nothing: each problem and each product someone else
 * changed meanwhile is said on its row, and the typed figures stay. Leaving the page with unsaved
 * changes asks first. Saved stock and prices are live in the shop at once (its live figures).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { saveFigures } from './bulk-api.ts';
import type { CategoryChoice, StaffProductRow } from './product-types.ts';
import { listCategories, listProducts } from './products-api.ts';
import { StockFilters, type ListQuery } from './StockFilters.tsx';
import { StockTable } from './StockTable.tsx';
import {
  bulkBody,
  cellText,
  changedCount,
  conflictText,
  isChanged,
  problems,
  problemsByRow,
  rebase,
  saveLabel,
  setCell,
  undoCell,
  withFigures,
  type Edits,
  type GridField,
  type GridRow,
} from './stock-grid.ts';

export default function StockGrid() {
  return <StaffGate permission="catalog.edit">{() => <StockDesk />}</StaffGate>;
}

type Row = StaffProductRow;

/** A page of the grid: the product list's, 50 rows. */
const PAGE_SIZE = 50;

function StockDesk() {
  const [filters, setFilters] = useState<ListQuery>({});
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  const [list, setList] = useState<{ rows: Row[]; page: number; pages: number; total: number }>();
  const [loading, setLoading] = useState(true);
  const [edits, setEdits] = useState<Edits>({});
  // The API's words from the last save, by row and field, and rows someone else changed meanwhile.
  const [refused, setRefused] = useState<Record<string, Record<string, string>>>({});
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  const load = useCallback(async (f: ListQuery, page: number) => {
    const turn = ++asked.current;
    setLoading(true);
    const r = await listProducts({ ...f, page, limit: PAGE_SIZE });
    if (turn !== asked.current) return;
    setLoading(false);
    if (!r.ok) return setError(r.message);
    const { products = [], pagination } = r.data;
    setList({ rows: products, page: pagination?.page ?? page, pages: pagination?.pages ?? 1, total: pagination?.total ?? products.length });
  }, []);

  useEffect(() => {
    void load({}, 1);
    void listCategories().then((c) => c.ok && setCategories(c.data));
  }, [load]);

  const count = changedCount(edits);
  useEffect(() => {
    if (count === 0) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [count]);

  const found = useMemo(() => problems(edits), [edits]);
  const bad = Object.values(found).reduce((n, p) => n + Object.keys(p).length, 0);

  function commit(row: GridRow, field: GridField, text: string) {
    setEdits((e) => setCell(e, row, field, text));
    setRefused(({ [row._id]: _, ...rest }) => rest);
    setDone('');
  }

  async function save() {
    if (busy || count === 0) return;
    setDone('');
    if (bad > 0) return setError(`Please correct the marked cells first: ${bad} ${bad === 1 ? 'problem' : 'problems'}.`);
    setBusy(true);
    setError('');
    const r = await saveFigures(bulkBody(edits).changes);
    setBusy(false);
    if (r.ok) {
      setList((l) => l && { ...l, rows: withFigures(l.rows, r.data.products) });
      setEdits({});
      setRefused({});
      setConflicts({});
      setDone(`Saved ${count} ${count === 1 ? 'change' : 'changes'}. The shop shows the new stock and prices now.`);
      return;
    }
    setError(r.message);
    const conflicting = r.reply?.conflicts ?? [];
    if (conflicting.length > 0) {
      setConflicts(Object.fromEntries(conflicting.map((c) => [c._id, conflictText(edits[c._id]?.base ?? { ...c.current, _id: c._id, name: '' }, c.current)])));
      setEdits((e) => rebase(e, conflicting));
      setList((l) => l && { ...l, rows: withFigures(l.rows, conflicting.map((c) => ({ _id: c._id, ...c.current }))) });
    }
    if (r.reply?.rows) setRefused(problemsByRow(r.reply.rows));
  }

  function discard() {
    setEdits({});
    setRefused({});
    setConflicts({});
    setError('');
    setDone('');
  }

  function show(f: ListQuery, page = 1) {
    setFilters(f);
    void load(f, page);
  }

  const rows = list?.rows ?? [];
  return (
    <div className="space-y-4">
      <StockFilters key={JSON.stringify(filters)} filters={filters} categories={categories} onShow={(f) => show(f)} />
      {list && (
        <p className="text-sm text-stone-600" data-testid="stock-total">
          {list.total === 1 ? '1 product' : `${list.total.toLocaleString('en-US')} products`}
          {list.pages > 1 ? ` · page ${list.page} of ${list.pages}` : ''}
        </p>
      )}
      {list && rows.length === 0 && <p className="text-stone-700">No products match.</p>}
      {rows.length > 0 && (
        <StockTable
          rows={rows}
          busy={loading}
          text={(row, f) => cellText(row, f, edits)}
          changed={(row, f) => isChanged(edits, row._id, f)}
          problem={(row, f) => found[row._id]?.[f] ?? refused[row._id]?.[f]}
          note={(row) => conflicts[row._id] ?? refused[row._id]?.row}
          onCommit={commit}
          onUndo={(row, f) => setEdits((e) => undoCell(e, row, f))}
        />
      )}
      <nav aria-label="Pages of products" className="flex flex-wrap gap-3 empty:hidden">
        {list && list.page > 1 && (
          <button type="button" className={ui.secondary} onClick={() => show(filters, list.page - 1)}>
            Previous 50
          </button>
        )}
        {list && list.page < list.pages && (
          <button type="button" className={ui.secondary} onClick={() => show(filters, list.page + 1)}>
            Next 50
          </button>
        )}
      </nav>
      <div className="stock-bar" role="group" aria-label="Unsaved changes">
        {/* The save's outcome in the bar that stays on screen, however far down the grid the editor is. */}
        <div className="stock-bar-messages">
          <ErrorMessage message={error} testId="stock-error" />
          <SuccessMessage message={done} testId="stock-saved" />
        </div>
        <span className="stock-bar-count" data-testid="stock-changes">
          {count === 0 ? 'No unsaved changes' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}`}
        </span>
        <button type="button" className={ui.primary} disabled={busy || count === 0} onClick={() => void save()}>
          {busy ? 'Saving…' : saveLabel(count)}
        </button>
        <button type="button" className={ui.secondary} disabled={busy || count === 0} onClick={discard}>
          Discard
        </button>
      </div>
    </div>
  );
}
