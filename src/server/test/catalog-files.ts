/**
 * Catalogue files as editors' spreadsheets save them, as real bytes: Excel's "CSV (Comma
 * delimited)" (Windows-1252, CRLF), Excel's "CSV UTF-8" (with a byte-order mark), and a
 * semicolon-separated sheet (Excel where the comma is the decimal sign). Each holds the
 * fixture's milk with a new price and a new product whose name has an accent.
 */
export const SPREADSHEET_HEADER = '_id,name,category,brand,price,discount,stock';
const rows = [
  ['milk-1l', 'Olpers Milk 1L', 'Fresh & Chilled Food', 'Olpers', '295', '10', '40'],
  ['nestle-cream-200ml', 'Nestlé Cream 200ml', 'Fresh & Chilled Food', 'Nestlé', '260', '', '12'],
];

const csv = (separator: string) =>
  [SPREADSHEET_HEADER.split(',').join(separator), ...rows.map((r) => r.map((c) => (c.includes(separator) ? `"${c}"` : c)).join(separator))].join('\r\n') + '\r\n';

/** Excel's "CSV (Comma delimited)": é is the single byte 0xE9. */
export const excelWindows1252 = (): Buffer => Buffer.from(csv(','), 'latin1');

/** Excel's "CSV UTF-8 (Comma delimited)": EF BB BF, then UTF-8. */
export const excelUtf8WithBom = (): Buffer => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(','), 'utf8')]);

/** A semicolon-separated sheet, UTF-8 without a mark. */
export const semicolonUtf8 = (): Buffer => Buffer.from(csv(';'), 'utf8');

/** Neither UTF-8 nor Windows-1252 text: Excel's "Unicode Text" (UTF-16 with its mark). */
export const utf16 = (): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv('\t'), 'utf16le')]);
