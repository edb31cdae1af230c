/**
 * /api/staff/reports: the sales report of a range of Pakistan days, as JSON and as the two CSV files
 * a spreadsheet opens (the days, the best sellers). The range is read with the desk's own rules
 * (readReportRange): both days, in order, at most a year; otherwise a 400 naming the field.
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { DeskQueryError, readReportRange } from '#lib/desk-query.ts';
import { SalesReportSchema } from '#lib/schemas/reports.ts';
import type { Database } from '#server/db/client.ts';
import { bestSellersCsv, salesCsv, salesReport } from '#server/desk/reports.ts';
import { HttpError } from '#server/http/errors.ts';
import { dataReply, refusal } from '#server/http/openapi.ts';
import { parseQuery } from '#server/http/params.ts';
import { staffRoute, type StaffGuard } from '#server/staff/route.ts';

const RangeQuery = z.strictObject({
  from: z.optional(z.string().max(40).describe('First day, YYYY-MM-DD (Pakistan).')),
  to: z.optional(z.string().max(40).describe('Last day, YYYY-MM-DD (Pakistan), at most 366 days after `from`.')),
});
const BAD_RANGE = refusal('A missing or bad date, `to` before `from`, or more than 366 days: `errors` names `from` or `to`.');

/** The range asked for, or a 400 whose `errors` names the field at fault. */
function rangeOf(c: Context) {
  try {
    return readReportRange(parseQuery(c, RangeQuery));
  } catch (err) {
    if (err instanceof DeskQueryError) throw new HttpError(400, err.message, { [err.field]: err.message });
    throw err;
  }
}

function csvReply(c: Context, text: string, name: string, range: { from: string; to: string }) {
  return c.body(text, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="kiryana-${name}-${range.from}-${range.to}.csv"`,
  });
}

export function staffReportRoutes(app: OpenAPIHono, guard: StaffGuard, db: Database): void {
  staffRoute(app, guard, {
    method: 'get',
    path: '/reports/sales',
    permission: 'reports.read',
    summary: 'Sales per Pakistan day of a range, and its best sellers',
    description: 'Every day of the range (days without orders as zeros), its totals, and the ten best-selling products by units. A cancelled order counts in `cancelled` only.',
    query: RangeQuery,
    replies: { 200: { description: 'The report.', schema: dataReply(SalesReportSchema) }, 400: BAD_RANGE },
  }, async (c) => c.json({ success: true, data: await salesReport(db, rangeOf(c)) }));

  staffRoute(app, guard, {
    method: 'get',
    path: '/reports/sales.csv',
    permission: 'reports.read',
    summary: 'The sales report’s days as a CSV file',
    description: 'UTF-8 with a byte-order mark, a header row, a day a row and a Total row; `kiryana-sales-<from>-<to>.csv`.',
    query: RangeQuery,
    replies: { 200: { description: 'The file.', mediaType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename="kiryana-sales-<from>-<to>.csv"' } }, 400: BAD_RANGE },
  }, async (c) => {
    const range = rangeOf(c);
    return csvReply(c, salesCsv(await salesReport(db, range)), 'sales', range);
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/reports/best-sellers.csv',
    permission: 'reports.read',
    summary: 'The best sellers of a range as a CSV file',
    description: 'UTF-8 with a byte-order mark, a header row, best first; `kiryana-best-sellers-<from>-<to>.csv`.',
    query: RangeQuery,
    replies: { 200: { description: 'The file.', mediaType: 'text/csv', headers: { 'Content-Disposition': 'attachment; filename="kiryana-best-sellers-<from>-<to>.csv"' } }, 400: BAD_RANGE },
  }, async (c) => {
    const range = rangeOf(c);
    return csvReply(c, bestSellersCsv(await salesReport(db, range)), 'best-sellers', range);
  });
}
