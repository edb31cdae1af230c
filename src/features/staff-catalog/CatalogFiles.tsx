/**
 * /staff/catalog-files/: the catalogue as a file. Choose (or drop) a CSV or JSON file; "Check" sends
 * it to be read by the importer and lists every problem by row and field in its words, or what
 * applying it would change; "Apply" is offered only after a clean check of the same file, and the
 * import checks it again itself (a file that went wrong meanwhile changes nothing). A file over the
 * store's limit is refused before it is sent. The whole catalogue downloads as CSV or JSON, and
 * the search dictionary alone as its own CSV or JSON (a file with a dictionary replaces it whole).
 */
import { useRef, useState, type DragEvent } from 'react';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { exportHref, sendCatalogFile, type FileReport } from './bulk-api.ts';
import { canApply, changesText, fileKey, fileRefusal, formatOf } from './catalog-files.ts';
import { FileReportView } from './FileReportView.tsx';
import { SiteFailureNotice, useSiteFailure } from './SiteFailureNotice.tsx';

export default function CatalogFiles() {
  return <StaffGate permission="catalog.edit">{() => <FilesDesk />}</StaffGate>;
}

function FilesDesk() {
  const failing = useSiteFailure();
  const [file, setFile] = useState<File>();
  const [checked, setChecked] = useState<{ key: string; report: FileReport; applied: boolean }>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'check' | 'import'>();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function choose(next: File | undefined) {
    setChecked(undefined);
    setError('');
    setFile(undefined);
    if (!next) return;
    const refusal = fileRefusal(next);
    if (refusal) {
      setError(refusal);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(next);
  }

  async function send(action: 'check' | 'import') {
    if (!file || busy) return;
    const format = formatOf(file)!;
    setBusy(action);
    setError('');
    const r = await sendCatalogFile(action, file, format);
    setBusy(undefined);
    const key = fileKey(file);
    if (r.ok) return setChecked({ key, report: r.data, applied: action === 'import' });
    // A file with problems: its report (the import refused it as a whole). Otherwise the API's words.
    // (A file that cannot be read at all has no report: its `errors` name the file, not rows.)
    const report = r.reply?.report;
    const rows = report && Array.isArray(report.errors) && report.changes ? report : undefined;
    setChecked(rows ? { key, report: { ...rows, ok: false }, applied: false } : undefined);
    setError(rows?.errors.length ? '' : r.message);
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  }

  const report = checked && file && checked.key === fileKey(file) ? checked : undefined;
  return (
    <div className="space-y-6">
      <SiteFailureNotice failing={failing} />
      <section aria-labelledby="files-upload" className="space-y-3">
        <h2 id="files-upload" className="text-lg font-semibold">
          Check and apply a file
        </h2>
        <div
          className="files-drop"
          data-over={over ? '' : undefined}
          data-testid="files-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <label htmlFor="catalog-file" className={ui.label}>
            Catalogue file (CSV or JSON, at most 16 MB)
          </label>
          <input ref={input} id="catalog-file" type="file" accept=".csv,.json,text/csv,application/json" onChange={(e) => choose(e.currentTarget.files?.[0])} />
          <p className={ui.hint}>
            Or drop the file here. The columns are those of the download below. A file of search words (columns words and means, or a JSON “synonyms” list) replaces the whole search dictionary.
          </p>
        </div>
        <div className="files-actions">
          <button type="button" className={ui.primary} disabled={!file || Boolean(busy)} onClick={() => void send('check')}>
            {busy === 'check' ? 'Checking…' : 'Check'}
          </button>
          {report && canApply(report, fileKey(file!)) && !report.applied && (
            <button type="button" className={ui.primary} disabled={Boolean(busy)} onClick={() => void send('import')}>
              {busy === 'import' ? 'Applying…' : 'Apply'}
            </button>
          )}
        </div>
        {/* The reader's words may run to several lines (a header row's problems, one a line). */}
        <ErrorMessage message={error.split('\n')[0]} list={error.split('\n').slice(1).filter((line) => line.trim())} testId="files-error" />
        {report?.applied && <SuccessMessage message={changesText(report.report, true)} testId="files-applied" />}
        {report && !report.applied && <FileReportView report={report.report} />}
      </section>
      <section aria-labelledby="files-download" className="space-y-3">
        <h2 id="files-download" className="text-lg font-semibold">
          Download the catalogue
        </h2>
        <p className="text-sm text-stone-700">Every product and category as they are now, in the columns a file to check takes (the JSON also holds the search dictionary).</p>
        <div className="files-actions">
          <a className={ui.secondary} href={exportHref('csv')} download data-testid="export-csv">
            Download CSV
          </a>
          <a className={ui.secondary} href={exportHref('json')} download data-testid="export-json">
            Download JSON
          </a>
        </div>
        <p className="text-sm text-stone-700">The search dictionary alone (what shoppers type, and what it finds), to change in a spreadsheet and check here:</p>
        <div className="files-actions">
          <a className={ui.secondary} href={exportHref('csv', 'synonyms')} download data-testid="export-synonyms-csv">
            Download search words CSV
          </a>
          <a className={ui.secondary} href={exportHref('json', 'synonyms')} download data-testid="export-synonyms-json">
            Download search words JSON
          </a>
        </div>
      </section>
    </div>
  );
}
