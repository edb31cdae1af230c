/**
 * /api/staff/pictures: a picture of a product or a category, uploaded as the file's raw bytes and
 * made into the store's artwork (pictures/process.ts). The reply names the picture as the
 * catalogue stores it; the product or category takes it when its form is saved.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { readBodyBytes } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { dataReply, refusal } from '#server/http/openapi.ts';
import { parseQuery } from '#server/http/params.ts';
import { MAX_PICTURE_BYTES, PICTURE_KINDS, PICTURE_TEXT, PictureError } from '#server/pictures/process.ts';
import type { PictureStore } from '#server/pictures/store.ts';
import { appendAudit } from '#server/staff/audit.ts';
import { staffRoute, type StaffGuard } from '#server/staff/route.ts';

const KindQuery = z.strictObject({ kind: z.enum(PICTURE_KINDS) });
const UploadedSchema = dataReply(z.strictObject({ image: z.string() }));

export function staffPictureRoutes(app: OpenAPIHono, guard: StaffGuard, pictures: PictureStore): void {
  staffRoute(app, guard, {
    method: 'post',
    path: '/pictures',
    permission: 'catalog.edit',
    audit: 'picture.upload',
    summary: 'Upload a picture of a product or a category',
    description:
      `The body is the file itself, at most ${MAX_PICTURE_BYTES / 1024 / 1024} MB; its type is read from its bytes (JPEG, PNG or WebP; Content-Type is not believed). ` +
      'It is turned upright, fitted whole on white into the kind’s frame and stored at every width in WebP and AVIF, without its metadata (no GPS position). ' +
      'The same picture uploaded again gives the same `image`.',
    query: KindQuery,
    body: { mediaType: 'image/jpeg', description: 'The picture’s bytes (image/jpeg, image/png or image/webp).' },
    replies: {
      201: { description: 'The picture as the catalogue names it, in `data.image`: `/images/<kind>/up-<hash>.webp`.', schema: UploadedSchema },
      400: refusal(`'${PICTURE_TEXT.unreadable}' (an empty, broken or cut-off file), or a bad \`kind\`.`),
      413: refusal(`'${PICTURE_TEXT.tooLarge}' (refused as soon as the body passes the limit), or '${PICTURE_TEXT.tooManyPixels}'.`),
      415: refusal(`'${PICTURE_TEXT.type}'`),
      503: refusal(`'${PICTURE_TEXT.busy}' (more uploads waiting for their turn than the store holds at once).`),
    },
  }, async (c, call) => {
    const { kind } = parseQuery(c, KindQuery);
    let bytes: Buffer;
    try {
      bytes = await readBodyBytes(c, MAX_PICTURE_BYTES);
    } catch (err) {
      if (err instanceof HttpError && err.status === 413) throw new HttpError(413, PICTURE_TEXT.tooLarge, { body: PICTURE_TEXT.tooLarge }, err.extras);
      throw err;
    }
    let stored;
    try {
      stored = await pictures.save(bytes, kind);
    } catch (err) {
      if (err instanceof PictureError) throw new HttpError(err.status, err.message, { body: err.message });
      throw err;
    }
    await appendAudit(guard.db, {
      at: guard.clock.now(),
      staffId: call.actor.staffId,
      action: 'picture.upload',
      recordKind: 'picture',
      recordId: stored.image,
      after: stored,
      clientAddress: call.actor.clientAddress,
    });
    return c.json({ success: true, data: { image: stored.image } }, 201);
  });
}
