/**
 * What the catalogue importer says about a file as a whole, in one place: `npm run catalog`, the
 * running store's operator routes and any page that takes a catalogue file show these words.
 * Row problems (`Row 7 (id), field price: …`) are made where the rows are checked.
 */

export const pluralize = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
/** What a file's search dictionary does to the stored one (it replaces it whole). */
export interface DictionaryChange {
  entries: number;
  before: number;
  same: boolean;
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

export const CATALOG_FILE_MESSAGES = {
  notUtf8:
    "This file is not UTF-8 text, so its letters cannot be read safely. In Excel, save it as 'CSV UTF-8 (Comma delimited)'; in Google Sheets, download it as 'Comma-separated values'.",
  readAsWindows1252:
    "This file is not UTF-8: it was read as Windows-1252 (what Excel's 'CSV (Comma delimited)' writes). Check its accented letters (é, ñ); next time save as 'CSV UTF-8 (Comma delimited)'.",
  notJson: (why: string) => `The file is not valid JSON: ${why}`,
  jsonShape: 'A JSON catalogue is an array of products or {"categories": [...], "products": [...], "synonyms": [...]} (any of the three).',
  jsonCategories: '"categories" must be an array.',
  jsonSynonyms: '"synonyms" (the search dictionary) must be an array of {"words": [...], "means": [...]}.',
  emptyCsv: 'The file is empty: a CSV catalogue starts with a header row naming its columns.',
  /** The header row's problems, named once, before any row is read. */
  badHeader: (problems: { unknown: readonly string[]; missing: readonly string[]; repeated: readonly string[]; hints: readonly string[] }, expected: readonly string[]) =>
    [
      problems.unknown.length ? `Row 1 (the header) has ${pluralize(problems.unknown.length, 'column')} this importer does not know: ${quoted(problems.unknown)}.` : '',
      ...problems.hints,
      problems.missing.length ? `Row 1 (the header) lacks ${problems.missing.length === 1 ? 'a required column' : `${problems.missing.length} required columns`}: ${quoted(problems.missing)}.` : '',
      problems.repeated.length ? `Row 1 (the header) names ${quoted(problems.repeated)} more than once.` : '',
      `The columns are (lowercase, in any order; only _id, name, category and price are required): ${expected.join(', ')}.`,
      'No row was checked: fix the header row first.',
    ]
      .filter(Boolean)
      .join('\n'),
  didYouMean: (given: string, known: string) => `  "${given}": did you mean "${known}"?`,
  retiredColumn: (column: string) => `  "${column}" is computed from ratings1 to ratings5: give those columns instead.`,
  badCsv: (row: number, why: string) => `Row ${row}: ${why} Nothing was read; check that row in a text editor.`,
  quoteProblem: 'a quote (") inside a cell that does not start with one; a cell with quotes must be written "like ""this"" one".',
  unclosedQuote: 'a cell opens a quote (") that is never closed.',
  tooManyCells: (cells: number, columns: number) => `it has ${cells} cells where the header has ${columns} columns (a separator inside a cell must be in quotes).`,
  badDate:
    'is not a date this importer reads: write 2026-11-27, 2026-11-27 14:05, 27/11/2026 or 27/11/2026 14:05 (day first; Pakistan time), or leave it empty',
  monthFirstDates:
    'this column writes dates month first (11/27/2026), so 03/04/2026 could be 3 April or 4 March: write 2026-11-27 or 27/11/2026 (day first; Pakistan time), or leave it empty',
  /** One problem shared by many rows, said once. */
  manyRows: (rows: readonly number[], field: string, message: string) =>
    `Rows ${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''} (${rows.length} rows), field ${field}: ${message}`,
  /** `1 new product, 1 product changed, 312 unchanged` (and the search dictionary, when the file has one) */
  changesSummary: (c: { created: number; changed: number; unchanged: number; synonyms?: DictionaryChange }) =>
    [
      c.created ? pluralize(c.created, 'new product') : '',
      c.changed ? `${pluralize(c.changed, 'product')} changed` : '',
      c.unchanged ? `${c.unchanged} unchanged` : '',
      !c.synonyms && !(c.created + c.changed + c.unchanged) ? 'no products' : '',
      c.synonyms ? CATALOG_FILE_MESSAGES.dictionary(c.synonyms) : '',
    ]
      .filter(Boolean)
      .join(', '),
  /** `the search dictionary of 152 entries (in place of 150)`, or unchanged. */
  dictionary: (d: DictionaryChange) =>
    d.same ? `the search dictionary unchanged (${pluralize(d.entries, 'entry', 'entries')})` : `the search dictionary of ${pluralize(d.entries, 'entry', 'entries')} (in place of ${d.before})`,
  /** `1 product is valid` */
  valid: (products: number, categories: number, synonyms?: number) => {
    const parts = [products || synonyms === undefined ? pluralize(products, 'product') : '', categories ? pluralize(categories, 'category', 'categories') : '', synonyms !== undefined ? pluralize(synonyms, 'dictionary entry', 'dictionary entries') : ''].filter(Boolean);
    const all = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
    return `${all} ${products + categories + (synonyms ?? 0) === 1 ? 'is' : 'are'} valid`;
  },
  changedLine: (id: string, fields: readonly string[]) => `  changed ${id}: ${fields.join(', ')}`,
  newLine: (id: string) => `  new     ${id}`,
  moreLines: (n: number) => `  … and ${n} more`,
} as const;

/** How many product lines a summary lists before it says how many more there are. */
export const CHANGE_LINES = 20;

/** A file's changes as lines: which products are new, which change and in which fields. */
export function changeLines(changes: { created: readonly string[]; changed: readonly { id: string; fields: readonly string[] }[] }): string[] {
  const lines = [...changes.created.map((id) => CATALOG_FILE_MESSAGES.newLine(id)), ...changes.changed.map((c) => CATALOG_FILE_MESSAGES.changedLine(c.id, c.fields))];
  return lines.length > CHANGE_LINES ? [...lines.slice(0, CHANGE_LINES), CATALOG_FILE_MESSAGES.moreLines(lines.length - CHANGE_LINES)] : lines;
}

type ChangeLists = { created: readonly string[]; changed: readonly unknown[]; unchanged: number; synonyms?: DictionaryChange };

/** Whether importing a file so checked changes anything (products, or the search dictionary). */
export const changesAnything = (changes: ChangeLists): boolean => changes.created.length + changes.changed.length > 0 || Boolean(changes.synonyms && !changes.synonyms.same);

/** What validation says an import of a valid file would do: `Importing it would make 1 product changed, 313 unchanged:` */
export const wouldMake = (changes: ChangeLists) =>
  changesAnything(changes)
    ? `Importing it would make ${changesSummary(changes)}:`
    : `Importing it would change nothing${changes.unchanged ? ` (${changes.unchanged} unchanged)` : ''}${changes.synonyms ? ` (${CATALOG_FILE_MESSAGES.dictionary(changes.synonyms)})` : ''}.`;

/** `1 new product, 1 product changed, 312 unchanged` from the lists. */
export const changesSummary = (changes: ChangeLists) =>
  CATALOG_FILE_MESSAGES.changesSummary({ created: changes.created.length, changed: changes.changed.length, unchanged: changes.unchanged, synonyms: changes.synonyms });
