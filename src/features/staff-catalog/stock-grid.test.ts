import { describe, expect, it } from 'vitest';
import {
  bulkBody,
  cellText,
  changedCount,
  conflictText,
  editKey,
  isChanged,
  moveCell,
  navKey,
  problems,
  problemsByRow,
  rebase,
  saveLabel,
  setCell,
  undoCell,
  withFigures,
  type Edits,
  type GridRow,
} from './stock-grid.ts';

const masala: GridRow = { _id: 'shan-masala', name: 'Shan Masala', version: 3, price: 250, discount: 20, stock: 40 };
const atta: GridRow = { _id: 'sunny-atta', name: 'Sunny Atta', version: 1, price: 1200, discount: 0, stock: 7 };

describe('stock grid: moving between cells', () => {
  it('arrows move one cell and stop at the edges', () => {
    expect(moveCell({ row: 0, col: 0 }, 'down', 3)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 0, col: 0 }, 'up', 3)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 2, col: 2 }, 'right', 3)).toEqual({ row: 2, col: 2 });
    expect(moveCell({ row: 2, col: 2 }, 'down', 3)).toEqual({ row: 2, col: 2 });
    expect(moveCell({ row: 1, col: 1 }, 'left', 3)).toEqual({ row: 1, col: 0 });
  });

  it('Home and End go along the row, with Ctrl to the grid’s corners', () => {
    expect(moveCell({ row: 1, col: 1 }, 'home', 3)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 1, col: 0 }, 'end', 3)).toEqual({ row: 1, col: 2 });
    expect(moveCell({ row: 1, col: 1 }, 'first', 3)).toEqual({ row: 0, col: 0 });
    expect(moveCell({ row: 0, col: 1 }, 'last', 3)).toEqual({ row: 2, col: 2 });
    expect(navKey('Home', { ctrl: true })).toEqual({ kind: 'move', move: 'first' });
  });

  it('Tab after an edit runs along the row and on to the next one, Shift+Tab back', () => {
    expect(moveCell({ row: 0, col: 2 }, 'next', 3)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 2, col: 2 }, 'next', 3)).toEqual({ row: 2, col: 2 });
    expect(moveCell({ row: 1, col: 0 }, 'previous', 3)).toEqual({ row: 0, col: 2 });
    expect(moveCell({ row: 0, col: 0 }, 'previous', 3)).toEqual({ row: 0, col: 0 });
  });

  it('keys on a cell: Enter/F2 edit, typing starts an edit with the key, Escape undoes', () => {
    expect(navKey('Enter')).toEqual({ kind: 'edit' });
    expect(navKey('F2')).toEqual({ kind: 'edit' });
    expect(navKey('7')).toEqual({ kind: 'edit', text: '7' });
    expect(navKey('Backspace')).toEqual({ kind: 'edit', text: '' });
    expect(navKey('Escape')).toEqual({ kind: 'undo' });
    expect(navKey('c', { ctrl: true })).toEqual({ kind: 'none' });
    expect(navKey('Tab')).toEqual({ kind: 'none' });
    expect(navKey('ArrowDown')).toEqual({ kind: 'move', move: 'down' });
  });

  it('keys in an edit: Enter commits and goes down, Tab along, Escape drops the typing', () => {
    expect(editKey('Enter')).toEqual({ kind: 'commit', move: 'down' });
    expect(editKey('Enter', { shift: true })).toEqual({ kind: 'commit', move: 'up' });
    expect(editKey('Tab')).toEqual({ kind: 'commit', move: 'next' });
    expect(editKey('Tab', { shift: true })).toEqual({ kind: 'commit', move: 'previous' });
    expect(editKey('Escape')).toEqual({ kind: 'cancel' });
    expect(editKey('5')).toEqual({ kind: 'type' });
  });
});

describe('stock grid: changed cells', () => {
  it('marks a typed cell changed and forgets it when typed back to the stored figure', () => {
    let edits: Edits = {};
    edits = setCell(edits, masala, 'stock', '55');
    expect(isChanged(edits, masala._id, 'stock')).toBe(true);
    expect(cellText(masala, 'stock', edits)).toBe('55');
    expect(cellText(masala, 'price', edits)).toBe('250');
    expect(changedCount(edits)).toBe(1);
    edits = setCell(edits, masala, 'stock', ' 40 ');
    expect(edits).toEqual({});
  });

  it('Escape on a changed cell puts the stored figure back, leaving the row’s other changes', () => {
    let edits = setCell(setCell({}, masala, 'stock', '1'), masala, 'price', '260');
    edits = undoCell(edits, masala, 'stock');
    expect(isChanged(edits, masala._id, 'stock')).toBe(false);
    expect(isChanged(edits, masala._id, 'price')).toBe(true);
    expect(changedCount(undoCell(edits, masala, 'price'))).toBe(0);
  });

  it('keeps the row as first edited, even when the page later shows a newer one', () => {
    const edits = setCell({}, masala, 'stock', '1');
    const later = { ...masala, version: 4, stock: 38 };
    const more = setCell(edits, later, 'price', '300');
    expect(more[masala._id].base.version).toBe(3);
    expect(bulkBody(more).changes).toEqual([{ _id: masala._id, version: 3, stock: 1, price: 300 }]);
  });
});

describe('stock grid: problems in the importer’s words', () => {
  it('names each bad cell with the importer’s words', () => {
    let edits = setCell({}, masala, 'price', '0');
    edits = setCell(edits, atta, 'stock', '2.5');
    expect(problems(edits)).toEqual({ [masala._id]: { price: 'must be above 0' }, [atta._id]: { stock: 'must be a whole number' } });
    expect(problems(setCell({}, masala, 'stock', 'lots'))).toEqual({ [masala._id]: { stock: 'must be a number' } });
    expect(problems(setCell({}, masala, 'stock', '-1'))).toEqual({ [masala._id]: { stock: 'must be at least 0' } });
    expect(problems(setCell({}, masala, 'price', '99.5'))).toEqual({ [masala._id]: { price: 'must be whole rupees' } });
  });

  it('marks the discount when a lower price leaves it above the price, though the discount was not typed', () => {
    expect(problems(setCell({}, masala, 'price', '15'))).toEqual({ [masala._id]: { discount: 'must not be above the price (15)' } });
  });

  it('finds none for good figures', () => {
    expect(problems(setCell(setCell({}, masala, 'stock', '0'), atta, 'discount', '1200'))).toEqual({});
  });
});

describe('stock grid: the one save request and its reply', () => {
  it('sends each changed row once with its version and only its changed cells, as numbers', () => {
    let edits = setCell({}, masala, 'stock', '12');
    edits = setCell(edits, masala, 'discount', ' 25');
    edits = setCell(edits, atta, 'price', '1150');
    expect(bulkBody(edits)).toEqual({
      changes: [
        { _id: masala._id, version: 3, stock: 12, discount: 25 },
        { _id: atta._id, version: 1, price: 1150 },
      ],
    });
    expect(saveLabel(changedCount(edits))).toBe('Save 3 changes');
    expect(saveLabel(1)).toBe('Save 1 change');
  });

  it('takes the saved figures and versions into the rows shown', () => {
    const rows = withFigures([masala, atta], [{ _id: atta._id, version: 2, price: 1150, discount: 0, stock: 7 }]);
    expect(rows[0]).toBe(masala);
    expect(rows[1]).toMatchObject({ version: 2, price: 1150 });
  });

  it('puts the API’s problems on their rows and cells', () => {
    expect(
      problemsByRow([
        { _id: 'a', field: 'stock', message: 'must be at least 0' },
        { _id: 'b', field: '_id', message: 'no such product' },
      ]),
    ).toEqual({ a: { stock: 'must be at least 0' }, b: { row: 'no such product' } });
  });

  it('after a conflict keeps every typed cell, now over the stored figures and version', () => {
    let edits = setCell({}, masala, 'stock', '12');
    edits = setCell(edits, masala, 'price', '240');
    edits = setCell(edits, atta, 'stock', '9');
    const current = { version: 5, price: 240, discount: 20, stock: 30 };
    const next = rebase(edits, [{ _id: masala._id, current }]);
    expect(next[masala._id].base).toMatchObject({ version: 5, stock: 30, price: 240 });
    // The price typed is what is stored now: no longer a change; the stock still is.
    expect(next[masala._id].cells).toEqual({ stock: '12' });
    expect(next[atta._id]).toBe(edits[atta._id]);
    expect(bulkBody(next).changes[0]).toEqual({ _id: masala._id, version: 5, stock: 12 });
    expect(conflictText(masala, current)).toBe('Changed by someone else since you opened it: stock is now 30, price is now 240. Your values are kept: save again to replace theirs.');
  });
});
