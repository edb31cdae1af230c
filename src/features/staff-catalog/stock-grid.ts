/**
 * The stock grid's own rules, pure so they are tested without a browser (stock-grid.test.ts): where
 * a key moves the active cell, which cells the editor changed, what each changed cell's problem is
 * (the importer's words, through the shared product rules), the ONE bulk request a save sends, and
 * how the API's reply is taken back (saved rows, problems and conflicts on their rows).
 *
 * An edit keeps the row as it was when the editor first changed it (its version above all): a save
 * names that version, so a change made meanwhile by someone else is refused as a conflict rather
 * than overwritten, and edits survive a change of page or filter until saved or discarded.
 */
import { checkProductFields, pickProblems } from '#lib/schemas/product-rules.ts';

export const GRID_FIELDS = ['stock', 'price', 'discount'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

/** What the grid needs of a product: the list route's row. */
export interface GridRow {
  _id: string;
  name: string;
  version: number;
  price: number;
  discount: number;
  stock: number;
}

/** One product's changed cells (the text typed), with the row they were typed over. */
export interface RowEdit {
  base: GridRow;
  cells: Partial<Record<GridField, string>>;
}
/** The editor's unsaved changes, by product id. */
export type Edits = Readonly<Record<string, RowEdit>>;

/** The active cell: a row of the page shown and a column of GRID_FIELDS. */
export interface Cell {
  row: number;
  col: number;
}

export type Move = 'up' | 'down' | 'left' | 'right' | 'home' | 'end' | 'first' | 'last' | 'next' | 'previous';

/**
 * Where a move takes the active cell in a grid of `rows` rows: arrows stop at the edges; Home/End
 * go to the row's first and last cell, Ctrl+Home/End (`first`/`last`) to the grid's; `next` and
 * `previous` (Tab after an edit) run along the row and on to the next or previous row.
 */
export function moveCell(cell: Cell, move: Move, rows: number): Cell {
  const cols = GRID_FIELDS.length;
  const last = Math.max(rows - 1, 0);
  const clamp = (row: number, col: number): Cell => ({ row: Math.min(Math.max(row, 0), last), col: Math.min(Math.max(col, 0), cols - 1) });
  switch (move) {
    case 'up':
      return clamp(cell.row - 1, cell.col);
    case 'down':
      return clamp(cell.row + 1, cell.col);
    case 'left':
      return clamp(cell.row, cell.col - 1);
    case 'right':
      return clamp(cell.row, cell.col + 1);
    case 'home':
      return clamp(cell.row, 0);
    case 'end':
      return clamp(cell.row, cols - 1);
    case 'first':
      return clamp(0, 0);
    case 'last':
      return clamp(last, cols - 1);
    case 'next':
      return cell.col < cols - 1 ? clamp(cell.row, cell.col + 1) : cell.row < last ? clamp(cell.row + 1, 0) : clamp(cell.row, cell.col);
    case 'previous':
      return cell.col > 0 ? clamp(cell.row, cell.col - 1) : cell.row > 0 ? clamp(cell.row - 1, cols - 1) : clamp(cell.row, cell.col);
  }
}

/** What a key does to a cell that is not being edited. */
export type NavAction = { kind: 'move'; move: Move } | { kind: 'edit'; text?: string } | { kind: 'undo' } | { kind: 'none' };

/**
 * A key pressed on a cell being looked at (not edited): arrows, Home/End (with Ctrl for the grid's
 * ends) and PageUp/PageDown (the first and last row) move; Enter or F2 edits the value; a printable
 * character starts an edit with it in place of the value, Backspace/Delete with nothing; Escape
 * puts the stored value back.
 */
export function navKey(key: string, mods: { ctrl?: boolean; alt?: boolean; meta?: boolean } = {}): NavAction {
  const move = (m: Move): NavAction => ({ kind: 'move', move: m });
  switch (key) {
    case 'ArrowUp':
      return move('up');
    case 'ArrowDown':
      return move('down');
    case 'ArrowLeft':
      return move('left');
    case 'ArrowRight':
      return move('right');
    case 'Home':
      return move(mods.ctrl ? 'first' : 'home');
    case 'End':
      return move(mods.ctrl ? 'last' : 'end');
    case 'Enter':
    case 'F2':
      return { kind: 'edit' };
    case 'Backspace':
    case 'Delete':
      return { kind: 'edit', text: '' };
    case 'Escape':
      return { kind: 'undo' };
  }
  if (key.length === 1 && !mods.ctrl && !mods.alt && !mods.meta && key !== ' ') return { kind: 'edit', text: key };
  return { kind: 'none' };
}

/** What a key does in a cell being edited: Enter commits and goes down (Shift: up), Tab along the row, Escape drops the typing. */
export type EditAction = { kind: 'commit'; move: Move } | { kind: 'cancel' } | { kind: 'type' };

export function editKey(key: string, mods: { shift?: boolean } = {}): EditAction {
  if (key === 'Enter') return { kind: 'commit', move: mods.shift ? 'up' : 'down' };
  if (key === 'Tab') return { kind: 'commit', move: mods.shift ? 'previous' : 'next' };
  if (key === 'Escape') return { kind: 'cancel' };
  return { kind: 'type' };
}

/** The cell's text as shown: the editor's, else the stored figure. */
export function cellText(row: GridRow, field: GridField, edits: Edits): string {
  return edits[row._id]?.cells[field] ?? String(row[field]);
}

/**
 * The edits with `text` typed into the cell. Text equal to the stored figure (as the row was when
 * first edited) is no change: the cell, and a row left with none, is dropped.
 */
export function setCell(edits: Edits, row: GridRow, field: GridField, text: string): Edits {
  const edit = edits[row._id] ?? { base: row, cells: {} };
  const cells = { ...edit.cells };
  if (text.trim() === String(edit.base[field])) delete cells[field];
  else cells[field] = text;
  const next = { ...edits };
  if (Object.keys(cells).length === 0) delete next[row._id];
  else next[row._id] = { base: edit.base, cells };
  return next;
}

/** The edits without the cell's change (Escape on a changed cell). */
export function undoCell(edits: Edits, row: GridRow, field: GridField): Edits {
  const edit = edits[row._id];
  return edit ? setCell(edits, edit.base, field, String(edit.base[field])) : edits;
}

/** How many cells are changed. */
export function changedCount(edits: Edits): number {
  return Object.values(edits).reduce((n, e) => n + Object.keys(e.cells).length, 0);
}

export function isChanged(edits: Edits, id: string, field: GridField): boolean {
  return edits[id]?.cells[field] !== undefined;
}

/** The row's figures with the editor's changes, as the importer would read them. */
function figuresOf(edit: RowEdit): Record<GridField, string> {
  return Object.fromEntries(GRID_FIELDS.map((f) => [f, edit.cells[f] ?? String(edit.base[f])])) as Record<GridField, string>;
}

/**
 * Each changed row's problems by field, in the importer's words. A cell the editor left alone is
 * named too when the change makes it wrong (a price lowered below the discount marks the discount).
 */
export function problems(edits: Edits): Record<string, Partial<Record<GridField, string>>> {
  const out: Record<string, Partial<Record<GridField, string>>> = {};
  for (const [id, edit] of Object.entries(edits)) {
    const found = pickProblems(checkProductFields(figuresOf(edit)), GRID_FIELDS) as Partial<Record<GridField, string>>;
    if (Object.keys(found).length > 0) out[id] = found;
  }
  return out;
}

export interface BulkChange {
  _id: string;
  version: number;
  price?: number;
  discount?: number;
  stock?: number;
}

/**
 * The ONE save request: every changed row once, with the version it was opened at and only its
 * changed cells (a stock cell left alone never overwrites a sale made meanwhile). Call it only
 * when `problems` finds none: the figures are then whole numbers.
 */
export function bulkBody(edits: Edits): { changes: BulkChange[] } {
  const changes = Object.entries(edits).map(([_id, edit]) => {
    const change: BulkChange = { _id, version: edit.base.version };
    for (const f of GRID_FIELDS) {
      const text = edit.cells[f];
      if (text !== undefined) change[f] = Number(text.trim());
    }
    return change;
  });
  return { changes };
}

/** The figures a save wrote (or a conflict found), over the rows shown. */
export function withFigures<R extends GridRow>(rows: R[], saved: { _id: string; version: number; price: number; discount: number; stock: number }[]): R[] {
  const by = new Map(saved.map((s) => [s._id, s]));
  return rows.map((r) => {
    const s = by.get(r._id);
    return s ? { ...r, version: s.version, price: s.price, discount: s.discount, stock: s.stock } : r;
  });
}

/** A problem the API found, on its row and cell. */
export interface RowProblem {
  _id: string;
  field: string;
  message: string;
}

/** The API's problems by row and field (a problem with no grid field, e.g. the product is gone, goes under `row`). */
export function problemsByRow(rows: RowProblem[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const p of rows) {
    const field = (GRID_FIELDS as readonly string[]).includes(p.field) ? p.field : 'row';
    (out[p._id] ??= {})[field] = out[p._id]?.[field] ? `${out[p._id][field]}; ${p.message}` : p.message;
  }
  return out;
}

export interface Conflict {
  _id: string;
  current: { version: number; price: number; discount: number; stock: number };
}

/**
 * After a conflict: each conflicting row's edit now starts from the figures stored now (so the next
 * save names the current version), keeping every cell the editor typed; a typed cell that equals
 * the figure now stored is no longer a change.
 */
export function rebase(edits: Edits, conflicts: Conflict[]): Edits {
  const now = new Map(conflicts.map((c) => [c._id, c.current]));
  const next: Record<string, RowEdit> = {};
  for (const [id, edit] of Object.entries(edits)) {
    const current = now.get(id);
    if (!current) {
      next[id] = edit;
      continue;
    }
    const base = { ...edit.base, ...current };
    const cells = Object.fromEntries(Object.entries(edit.cells).filter(([f, text]) => text.trim() !== String(base[f as GridField])));
    if (Object.keys(cells).length > 0) next[id] = { base, cells };
  }
  return next;
}

/** The words on a conflicting row: what is stored now, so the editor sees what changed. */
export function conflictText(before: GridRow, current: Conflict['current']): string {
  const changed = GRID_FIELDS.filter((f) => before[f] !== current[f]).map((f) => `${f} is now ${current[f]}`);
  const what = changed.length > 0 ? `: ${changed.join(', ')}` : '';
  return `Changed by someone else since you opened it${what}. Your values are kept: save again to replace theirs.`;
}

/** "Save 1 change", "Save 20 changes". */
export function saveLabel(count: number): string {
  return `Save ${count} ${count === 1 ? 'change' : 'changes'}`;
}
