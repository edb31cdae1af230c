/**
 * /staff/product/?id=…: one product's form (no id: a new product). Each field is checked as the
 * editor leaves it and again on Save, with the importer's rules and words (product-rules.ts). Save
 * sends only the fields the editor changed, with the version the form started from; then the form
 * says "Saved. Updating the shop…" and asks every second whether the shop's pages show this version,
 * until they do ("Live in the shop", with a link); while the store's rebuild of the pages is failing
 * it says so instead, and why (SiteFailureNotice). When someone else saved the product meanwhile,
 * the API's words say who and when, what is stored now shows beside what was typed, and the typed
 * changes stay in the form over the stored product, ready to save again. Taking the product off
 * sale and putting it back, and its history, are here too.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useFocusInvalid } from '#components/forms/field-errors.ts';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { paths, staffPaths } from '#lib/paths.ts';
import type { ProductProblems } from '#lib/schemas/product-rules.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { ConflictView } from './ConflictView.tsx';
import { ProductFields } from './ProductFields.tsx';
import { ProductHistory } from './ProductHistory.tsx';
import { changedFields, conflictRows, EMPTY_VALUES, LIVE_TEXT, problemsOf, rebase, valuesOf, inputOf, type ConflictRow, type FormValues } from './product-form.ts';
import type { CategoryChoice, StaffProduct } from './product-types.ts';
import { changeProduct, createProduct, getProduct, listCategories, liveState, type ProductResult } from './products-api.ts';
import { SaleSwitch } from './SaleSwitch.tsx';
import { SiteFailureNotice } from './SiteFailureNotice.tsx';
import type { SiteBuildFailure } from '#lib/site-status.ts';

export const FORM_TEXT = {
  fix: 'Please correct the marked fields.',
  nothing: 'Nothing to save: no field was changed.',
  notFound: 'There is no product with this id.',
} as const;

export default function ProductForm() {
  return <StaffGate permission="catalog.edit">{() => <ProductEditor opened={new URLSearchParams(location.search).get('id') ?? ''} />}</StaffGate>;
}

function ProductEditor({ opened }: { opened: string }) {
  const [id, setId] = useState(opened);
  const [product, setProduct] = useState<StaffProduct>();
  const [base, setBase] = useState<FormValues>(EMPTY_VALUES);
  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [apiErrors, setApiErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [conflict, setConflict] = useState<{ message: string; rows: ConflictRow[] }>();
  const [busy, setBusy] = useState(false);
  const [waitFor, setWaitFor] = useState<number>();
  const [live, setLive] = useState(false);
  const [failing, setFailing] = useState<SiteBuildFailure | null>(null);
  const [loading, setLoading] = useState(Boolean(opened));
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  const isNew = !product;

  useEffect(() => {
    void listCategories().then((r) => r.ok && setCategories(r.data));
    if (!opened) return;
    void getProduct(opened).then((r) => {
      setLoading(false);
      if (!r.ok) return setError(r.status === 404 ? FORM_TEXT.notFound : r.message);
      show(r.data);
    });
  }, [opened]);

  // After a save: ask every second until the shop's pages are built from this version.
  useEffect(() => {
    if (waitFor === undefined || !id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const r = await liveState(id);
      if (stopped) return;
      if (r.ok) setFailing(r.data.live ? null : r.data.failing);
      if (r.ok && r.data.live && r.data.version >= waitFor) return setLive(true);
      timer = setTimeout(() => void ask(), 1000);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, waitFor]);

  /** Draws a product as the API sent it back: the form starts again from it. */
  function show(p: StaffProduct) {
    const v = valuesOf(p);
    setProduct(p);
    setBase(v);
    setValues(v);
    setLeft(new Set());
    setTried(false);
    setApiErrors({});
  }

  function saved(p: StaffProduct, keepTyped?: FormValues) {
    if (keepTyped) {
      setProduct(p);
      setValues(rebase(base, keepTyped, valuesOf(p)));
      setBase(valuesOf(p));
    } else show(p);
    setConflict(undefined);
    setError('');
    setNotice('');
    setLive(false);
    setWaitFor(p.version);
  }

  function refused(r: Extract<ProductResult<unknown>, { ok: false }>) {
    if (r.status === 409 && r.current) {
      const stored = valuesOf(r.current);
      setConflict({ message: r.message, rows: conflictRows(base, values, stored, categories) });
      setValues(rebase(base, values, stored));
      setBase(stored);
      setProduct(r.current);
      setError('');
      return;
    }
    setApiErrors(r.status === 409 && isNew ? { _id: r.message } : r.errors);
    setError(r.status === 409 && isNew ? FORM_TEXT.fix : r.message);
    focusInvalid();
  }

  const problems = problemsOf(values, categories, isNew);
  const shown: ProductProblems = { ...apiErrors };
  for (const [f, words] of Object.entries(problems)) if (tried || left.has(f)) shown[f as keyof ProductProblems] = words;

  function change(v: FormValues) {
    const cleared = { ...apiErrors };
    for (const f of Object.keys(cleared)) if (JSON.stringify(v[f as keyof FormValues]) !== JSON.stringify(values[f as keyof FormValues])) delete cleared[f];
    setApiErrors(cleared);
    setValues(v);
    setNotice('');
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (Object.keys(problems).length > 0) {
      setError(FORM_TEXT.fix);
      focusInvalid();
      return;
    }
    setError('');
    if (product) {
      const changes = changedFields(base, values);
      if (Object.keys(changes).length === 0) return setNotice(FORM_TEXT.nothing);
      setBusy(true);
      const r = await changeProduct(product._id, product.version, changes);
      setBusy(false);
      return r.ok ? saved(r.data) : refused(r);
    }
    setBusy(true);
    const r = await createProduct(inputOf(values));
    setBusy(false);
    if (!r.ok) return refused(r);
    history.replaceState(null, '', staffPaths.product(r.data._id));
    setId(r.data._id);
    saved(r.data);
  }

  async function setSale(onSale: boolean) {
    if (!product || busy) return;
    setBusy(true);
    const r = await changeProduct(product._id, product.version, { onSale });
    setBusy(false);
    if (r.ok) saved(r.data, values);
    else refused(r);
  }

  if (loading) return <p className="text-sm text-stone-600">Loading…</p>;
  if (opened && !product) return <ErrorMessage message={error} testId="product-error" />;
  const liveText = !live ? (waitFor === 1 ? LIVE_TEXT.created : LIVE_TEXT.saved) : product?.onSale === false ? LIVE_TEXT.offSaleLive : LIVE_TEXT.live;
  return (
    <div className="staff-product grid gap-5">
      <p>
        <a href={staffPaths.products()} className={ui.link}>
          ← All products
        </a>
      </p>
      <h2 className="text-xl font-bold text-stone-900" data-testid="product-title">
        {product ? product.name : 'New product'}
        {product && <span className="ml-2 text-sm font-normal text-stone-600">{product._id}</span>}
      </h2>
      {conflict && <ConflictView message={conflict.message} rows={conflict.rows} />}
      <form ref={form} className="staff-card" onSubmit={(e) => void submit(e)} noValidate aria-label={product ? `Change ${product.name}` : 'New product'}>
        <ProductFields
          values={values}
          isNew={isNew}
          categories={categories}
          shown={shown}
          onChange={change}
          onLeave={(f) => setLeft((old) => new Set(old).add(f))}
        />
        <ErrorMessage message={error} testId="product-error" />
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <button type="submit" className={`${ui.primary} sm:w-auto sm:px-8`} disabled={busy}>
            {isNew ? 'Create product' : 'Save'}
          </button>
          <p role="status" className="text-sm font-semibold text-brand-800 empty:hidden" data-testid="product-status">
            {notice ||
              (waitFor !== undefined && (
                <>
                  {liveText}
                  {live && product?.onSale && (
                    <>
                      {' · '}
                      <a href={paths.product(product._id)} className={ui.link} target="_blank" rel="noopener">
                        See it in the shop
                      </a>
                    </>
                  )}
                </>
              ))}
          </p>
        </div>
      </form>
      {waitFor !== undefined && !live && <SiteFailureNotice failing={failing} />}
      {product && <SaleSwitch onSale={product.onSale} busy={busy} onSet={(on) => void setSale(on)} />}
      {product && <ProductHistory id={product._id} version={product.version} />}
    </div>
  );
}
