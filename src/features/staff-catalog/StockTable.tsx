/**
 * The stock grid's table: an ARIA grid (a table with role=grid, one cell in the tab order, the
 * others reached by arrow keys) whose stock, price and discount cells are edited in place like a
 * spreadsheet. On a cell: arrows, Home/End (Ctrl: the grid's corners) move; Enter or F2 edits;
 * typing starts an edit with the key; Escape puts the stored figure back. In an edit: Enter
 * commits and goes down, Tab along the row, Escape drops the typing; leaving the cell commits.
 * A click or a tap edits the cell. A changed cell is marked (and says so to a screen reader), a
 * bad one carries the importer's words. Phone: the grid scrolls sideways in its box, the product
 * column stays put (stock-grid.css).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { editKey, GRID_FIELDS, moveCell, navKey, type Cell, type GridField, type GridRow } from './stock-grid.ts';

export const FIELD_LABELS: Record<GridField, string> = { stock: 'Stock', price: 'Price (Rs.)', discount: 'Discount (Rs.)' };

interface Props {
  rows: GridRow[];
  /** The text of each cell as shown. */
  text: (row: GridRow, field: GridField) => string;
  changed: (row: GridRow, field: GridField) => boolean;
  /** The problem of a cell, in the importer's words, or undefined. */
  problem: (row: GridRow, field: GridField) => string | undefined;
  /** A row's own note (someone else changed it; the API's words about the row). */
  note: (row: GridRow) => string | undefined;
  onCommit: (row: GridRow, field: GridField, text: string) => void;
  onUndo: (row: GridRow, field: GridField) => void;
  busy: boolean;
}

export function StockTable({ rows, text, changed, problem, note, onCommit, onUndo, busy }: Props) {
  const [active, setActive] = useState<Cell>({ row: 0, col: 0 });
  const [editing, setEditingState] = useState<{ text: string; select: boolean } | null>(null);
  // The edit as of now, for a blur that comes while React is still drawing the previous one.
  const edit = useRef(editing);
  const setEditing = (next: typeof editing) => {
    edit.current = next;
    setEditingState(next);
  };
  const table = useRef<HTMLTableElement>(null);
  // Focus follows the active cell only once the member is in the grid (not on the page's first drawing).
  const inGrid = useRef(false);
  const at = { row: Math.min(active.row, Math.max(rows.length - 1, 0)), col: active.col };

  useEffect(() => {
    if (!inGrid.current || editing) return;
    // Not away from where the member went (a button below): only when the focus was in the grid or lost.
    const focused = document.activeElement;
    if (focused && focused !== document.body && !table.current?.contains(focused)) return;
    table.current?.querySelector<HTMLElement>(`[data-cell="${at.row}-${at.col}"]`)?.focus();
  }, [at.row, at.col, editing]);

  const cellOf = (cell: Cell) => ({ row: rows[cell.row], field: GRID_FIELDS[cell.col] });

  function commit(then?: Cell) {
    const typed = edit.current;
    if (!typed) return;
    const { row, field } = cellOf(at);
    setEditing(null);
    if (row) onCommit(row, field, typed.text);
    if (then) setActive(then);
  }

  function onCellKey(event: KeyboardEvent<HTMLElement>) {
    if (editing) return;
    const action = navKey(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
    if (action.kind === 'none') return;
    event.preventDefault();
    const { row, field } = cellOf(at);
    if (!row) return;
    if (action.kind === 'move') setActive(moveCell(at, action.move, rows.length));
    else if (action.kind === 'undo') onUndo(row, field);
    else setEditing(action.text === undefined ? { text: text(row, field), select: true } : { text: action.text, select: false });
  }

  function onInputKey(event: KeyboardEvent<HTMLInputElement>) {
    const action = editKey(event.key, { shift: event.shiftKey });
    if (action.kind === 'type') return;
    event.preventDefault();
    event.stopPropagation();
    if (action.kind === 'cancel') setEditing(null);
    else commit(moveCell(at, action.move, rows.length));
  }

  return (
    <div className="stock-grid-box">
      <table
        ref={table}
        role="grid"
        className="stock-grid"
        aria-label="Stock and prices"
        aria-rowcount={rows.length + 1}
        aria-colcount={GRID_FIELDS.length + 1}
        aria-busy={busy}
        data-testid="stock-grid"
        onFocus={() => (inGrid.current = true)}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" aria-colindex={1} className="stock-grid-name">
              Product
            </th>
            {GRID_FIELDS.map((f, c) => (
              <th key={f} scope="col" aria-colindex={c + 2}>
                {FIELD_LABELS[f]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const rowNote = note(row);
            return (
              <tr key={row._id} aria-rowindex={r + 2} data-testid="stock-row" data-id={row._id} data-note={rowNote ? '' : undefined}>
                <th scope="row" aria-colindex={1} className="stock-grid-name">
                  <span className="stock-grid-product">{row.name}</span>
                  <span className="stock-grid-id">{row._id}</span>
                  {rowNote && (
                    <span className="stock-grid-note" data-testid="row-note">
                      {rowNote}
                    </span>
                  )}
                </th>
                {GRID_FIELDS.map((field, c) => {
                  const here = at.row === r && at.col === c;
                  const bad = problem(row, field);
                  const isChanged = changed(row, field);
                  const problemId = `problem-${row._id}-${field}`;
                  return (
                    <td
                      key={field}
                      role="gridcell"
                      aria-colindex={c + 2}
                      tabIndex={here && !editing ? 0 : -1}
                      data-cell={`${r}-${c}`}
                      data-field={field}
                      data-changed={isChanged ? '' : undefined}
                      aria-invalid={bad ? true : undefined}
                      aria-describedby={bad ? problemId : undefined}
                      className="stock-grid-cell"
                      onKeyDown={onCellKey}
                      onClick={() => {
                        if (here && editing) return;
                        inGrid.current = true;
                        setActive({ row: r, col: c });
                        setEditing({ text: text(row, field), select: true });
                      }}
                    >
                      {here && editing ? (
                        <input
                          className="stock-grid-input"
                          aria-label={`${FIELD_LABELS[field]} of ${row.name}`}
                          inputMode="numeric"
                          autoComplete="off"
                          value={editing.text}
                          ref={(el) => {
                            if (!el || el === document.activeElement) return;
                            el.focus();
                            if (editing.select) el.select();
                          }}
                          onChange={(e) => setEditing({ text: e.currentTarget.value, select: false })}
                          onKeyDown={onInputKey}
                          onBlur={() => commit()}
                        />
                      ) : (
                        <span className="stock-grid-value">{text(row, field)}</span>
                      )}
                      {isChanged && <span className="sr-only"> (changed)</span>}
                      {bad && (
                        <span id={problemId} className="stock-grid-problem">
                          {FIELD_LABELS[field].replace(/ \(Rs\.\)$/, '').toLowerCase()} {bad}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
