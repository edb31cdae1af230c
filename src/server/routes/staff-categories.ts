/**
 * /api/staff/categories: the categories as editors keep them (list, add, change with its version,
 * reorder). Thin: the body is read here, the rules are catalog/categories-edit.ts'.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { CategoryChangeSchema, CategoryCreateSchema, CategoryOrderSchema } from '#lib/schemas/catalog-desk.ts';
import type { CategoryEditor } from '#server/catalog/categories-edit.ts';
import { parseBody } from '#server/http/body.ts';
import { dataReply, refusal } from '#server/http/openapi.ts';
import { pathParam } from '#server/http/params.ts';
import { RefusalSchema } from '#server/http/openapi.ts';
import { staffRoute, type StaffGuard } from '#server/staff/route.ts';

const StaffCategorySchema = z.strictObject({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  position: z.number().int(),
  version: z.number().int(),
  productCount: z.number().int(),
});
const One = dataReply(z.strictObject({ category: StaffCategorySchema }));
const All = dataReply(z.strictObject({ categories: z.array(StaffCategorySchema) }));
const FIELDS = refusal('Bad fields: `errors` names each (a name taken in any case, too long, control characters …).');

export function staffCategoryRoutes(app: OpenAPIHono, guard: StaffGuard, editor: CategoryEditor): void {
  staffRoute(app, guard, {
    method: 'get',
    path: '/categories',
    permission: 'catalog.edit',
    summary: 'Every category in display order, with its version and product count',
    replies: { 200: { description: 'The categories.', schema: All } },
  }, async (c) => c.json({ success: true, data: { categories: await editor.list() } }));

  staffRoute(app, guard, {
    method: 'post',
    path: '/categories',
    permission: 'catalog.edit',
    audit: 'category.create',
    summary: 'Add a category (last in the order)',
    description: 'Without `_id`, the id is made from the name (lowercase letters, digits and dashes; -2, -3 … when taken). Names are unique in any case.',
    body: CategoryCreateSchema,
    replies: { 201: { description: 'Added.', schema: One }, 400: FIELDS, 409: refusal('The `_id` given is taken.') },
  }, async (c, call) => {
    const body = await parseBody(c, CategoryCreateSchema);
    return c.json({ success: true, data: { category: await editor.create(body, call.actor) } }, 201);
  });

  staffRoute(app, guard, {
    method: 'put',
    path: '/categories/order',
    permission: 'catalog.edit',
    audit: 'category.reorder',
    summary: 'Put the categories in a new order (every id once)',
    body: CategoryOrderSchema,
    replies: { 200: { description: 'The categories in their new order.', schema: All }, 400: refusal('Not every category once.') },
  }, async (c, call) => {
    const { ids } = await parseBody(c, CategoryOrderSchema);
    return c.json({ success: true, data: { categories: await editor.reorder(ids, call.actor) } });
  });

  staffRoute(app, guard, {
    method: 'patch',
    path: '/categories/{id}',
    permission: 'catalog.edit',
    audit: 'category.update',
    summary: 'Change a category’s name, description or pictures, from the version the editor opened',
    description: 'Only the fields sent are written. A rename keeps the old name’s page as a redirect to the category.',
    body: CategoryChangeSchema,
    replies: {
      200: { description: 'Changed (or unchanged: nothing differed).', schema: One },
      400: FIELDS,
      404: refusal('No category with that id.'),
      409: { description: 'Changed by someone else since `version`: who and when in words, and the category as stored now.', schema: RefusalSchema.extend({ current: StaffCategorySchema }) },
    },
  }, async (c, call) => {
    const id = pathParam(c, 'id');
    const body = await parseBody(c, CategoryChangeSchema);
    return c.json({ success: true, data: { category: await editor.change(id, body, call.actor) } });
  });
}
