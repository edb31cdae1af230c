/**
 * Holds an app's replies to its own OpenAPI document (GET /api/openapi.json): a reply whose path and
 * method the document does not declare, whose status that operation does not list, or whose JSON
 * body does not match the schema declared for that status, is an error naming what differs. The
 * API suites' callers (accounts.ts, catalog-api.ts) pass every reply they get through it, so each
 * reply a suite provokes is also a check of the document.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

export interface ReplyCheck {
  /** Throws when the reply is not one the document declares. */
  check(method: string, url: string, status: number, contentType: string | null, body: unknown): void;
  readonly document: Document;
}

/** The document's path templates as patterns, literal segments before parameters (`/live` before `/{id}`). */
function templates(document: Document) {
  return Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
}

export function replyCheck(document: Document): ReplyCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<object, ValidateFunction>();
  const validator = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    return validate;
  };
  const paths = templates(document);
  return {
    document,
    check(method, url, status, contentType, body) {
      const path = new URL(url, 'http://api.test').pathname;
      const what = `${method} ${path} → ${status}`;
      const template = paths.find((p) => p.pattern.test(path) && document.paths[p.template][method.toLowerCase()]);
      // A path nobody declared is the app's own 404 (notFound), which the document need not list.
      if (!template) {
        if (status === 404) return;
        throw new Error(`${what}: the document declares no such operation`);
      }
      const declared = document.paths[template.template][method.toLowerCase()].responses[String(status)];
      if (!declared) throw new Error(`${what}: status not declared for ${method} ${template.template} (${JSON.stringify(body).slice(0, 300)})`);
      const type = contentType?.split(';')[0].trim();
      if (!declared.content) {
        if (body !== undefined && body !== null && body !== '') throw new Error(`${what}: declared without a body, but one came`);
        return;
      }
      if (!type || !declared.content[type]) throw new Error(`${what}: media type ${type} not declared`);
      const schema = declared.content[type]?.schema;
      if (type !== 'application/json' || !schema) return;
      const validate = validator(schema);
      if (!validate(body)) throw new Error(`${what}: reply does not match the document: ${ajv.errorsText(validate.errors)}; body ${JSON.stringify(body).slice(0, 500)}`);
    },
  };
}
