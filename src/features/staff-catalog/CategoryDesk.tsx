/**
 * /staff/categories/: the categories in the shop's order, moved up or down by buttons, renamed or
 * described in place, and new ones added. Names are checked with the API's rules as the editor
 * types; a change someone else made meanwhile is told in words, with the category as it is now.
 * A table at a desk, a card a category on a phone (category-review.css).
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import type { StaffCategory } from '#lib/schemas/catalog-desk-rules.ts';
import { paths } from '#lib/paths.ts';
import { listCategories, reorderCategories } from './category-api.ts';
import { CategoryForm } from './CategoryForm.tsx';
import { moved } from './category-order.ts';
import { SiteFailureNotice, useSiteFailure } from './SiteFailureNotice.tsx';

export default function CategoryDesk() {
  return <StaffGate permission="catalog.edit">{() => <Categories />}</StaffGate>;
}

function Categories() {
  const failing = useSiteFailure();
  const [list, setList] = useState<StaffCategory[]>();
  const [editing, setEditing] = useState<string>();
  const [said, setSaid] = useState<{ ok: boolean; message: string }>();
  const [busy, setBusy] = useState(false);
  // The move button to focus again once the list is drawn with the buttons enabled: a button
  // disabled while the order is saved loses the focus, and only the drawn list can take it back.
  const refocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (busy || !refocus.current) return;
    document.querySelector<HTMLButtonElement>(`[data-move="${refocus.current}"]`)?.focus();
    refocus.current = undefined;
  }, [list, busy]);

  const load = async () => {
    const r = await listCategories();
    if (r.ok) setList(r.data.categories);
    else setSaid({ ok: false, message: r.message });
    return r.ok ? r.data.categories : undefined;
  };
  useEffect(() => void load(), []);

  async function move(index: number, by: -1 | 1) {
    if (!list || busy) return;
    setBusy(true);
    const next = moved(list.map((c) => c._id), index, by);
    const r = await reorderCategories(next);
    setBusy(false);
    if (!r.ok) {
      setSaid({ ok: false, message: r.message });
      await load();
      return;
    }
    // The same button keeps the focus, so the editor can press it again.
    refocus.current = `${list[index]._id}:${by}`;
    setList(r.data.categories);
    const name = list[index].name;
    setSaid({ ok: true, message: `${name} is now number ${index + by + 1} in the shop’s menu.` });
  }

  const saved = async (c: StaffCategory, message: string) => {
    setEditing(undefined);
    setSaid({ ok: true, message });
    await load();
    document.querySelector<HTMLElement>(`[data-testid="category-row"][data-id="${c._id}"] button`)?.focus();
  };

  if (!list) return said ? <ErrorMessage message={said.message} /> : <p role="status">Loading…</p>;
  return (
    <div className="staff-catdesk">
      <SiteFailureNotice failing={failing} />
      <div aria-live="polite">{said && (said.ok ? <SuccessMessage message={said.message} /> : <ErrorMessage message={said.message} />)}</div>
      <table className="staff-cats" data-testid="category-list" aria-busy={busy}>
        <caption className="sr-only">Categories, in the shop’s order</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Category</th>
            <th scope="col">Products</th>
            <th scope="col">Description</th>
            <th scope="col">
              <span className="sr-only">Change</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((c, i) => (
            <tr key={c._id} data-testid="category-row" data-id={c._id}>
              <td className="staff-cats-order">
                <button type="button" className="staff-cats-move" data-move={`${c._id}:-1`} aria-label={`Move ${c.name} up`} disabled={i === 0 || busy} onClick={() => move(i, -1)}>
                  ↑
                </button>
                <button type="button" className="staff-cats-move" data-move={`${c._id}:1`} aria-label={`Move ${c.name} down`} disabled={i === list.length - 1 || busy} onClick={() => move(i, 1)}>
                  ↓
                </button>
              </td>
              <td className="staff-cats-name">
                <a href={paths.category(c._id)} className="text-link font-semibold" data-testid="category-name">
                  {c.name}
                </a>
                <span className="staff-cats-id">{c._id}</span>
              </td>
              <td className="staff-cats-count">{c.productCount === 1 ? '1 product' : `${c.productCount} products`}</td>
              <td className="staff-cats-text">{c.description}</td>
              <td className="staff-cats-edit">
                {editing === c._id ? (
                  <CategoryForm category={c} onSaved={saved} onCancel={() => setEditing(undefined)} reload={load} />
                ) : (
                  <button type="button" className="btn-secondary" aria-label={`Change ${c.name}`} onClick={() => setEditing(c._id)}>
                    Change
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="staff-panel staff-cats-add" aria-labelledby="add-category">
        <h2 id="add-category" className="staff-panel-title">
          Add a category
        </h2>
        <CategoryForm key={list.length} onSaved={saved} reload={load} />
      </section>
    </div>
  );
}
