/**
 * Every audit action the staff API writes has its words on the audit page: the actions declared
 * on the routes (`x-audit` in the OpenAPI document) and the failed sign-in the service writes.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { AUDIT_ACTIONS } from './audit-view.ts';

describe.each(testDatabases.slice(0, 1))('the audit page’s words on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('name every action a staff route writes', async () => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const document = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-audit'?: string }>> };
    const written = Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op['x-audit'] ? [op['x-audit']] : [])));
    expect(written.length).toBeGreaterThan(5);
    for (const action of [...written, 'staff.sign-in-failed']) expect(AUDIT_ACTIONS[action], action).toBeTruthy();
  });
});
