import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const SCHEMA_PREFIX = '#/components/schemas/';
const DEFINITIONS_ID = 'openapi-components';

/** Keywords of an OpenAPI 3.0 Schema Object that JSON Schema does not know; dropped before compiling. */
const OPENAPI_ONLY = new Set(['nullable', 'example', 'examples', 'externalDocs', 'xml', 'discriminator', 'deprecated', 'x-enumNames']);

/**
 * An OpenAPI 3.0 Schema Object as JSON Schema (draft-07): `nullable` becomes "or null" (also
 * beside `allOf`/`$ref`, where OpenAPI 3.0 tools read it the same way), references point into
 * the registered components, and with `lenient` nothing is required (see `ResponseValidator`).
 */
export function toJsonSchema(node: Json, lenient = false): Json {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, lenient));
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    if (key === 'required' && lenient) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(SCHEMA_PREFIX, `${DEFINITIONS_ID}${lenient ? '-lenient' : ''}#/definitions/`);
    else if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v, lenient)]));
    else if (key === 'default' || key === 'enum') out[key] = value;
    else out[key] = toJsonSchema(value, lenient);
  }
  return node.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

function operationsOf(document: OpenAPIObject): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template.split('/').filter(Boolean);
    const pattern = new RegExp(`^/${segments.map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}/?$`);
    const literals = segments.filter((s) => !s.startsWith('{')).length;
    for (const [method, op] of Object.entries(item as Record<string, { responses?: Operation['responses'] }>)) {
      if (!op?.responses) continue;
      operations.push({ method: method.toUpperCase(), template, pattern, literals, responses: op.responses });
    }
  }
  // A literal segment wins over a parameter (`/admin/discounts/code/{code}` before `/admin/discounts/{id}/...`), as the router does.
  return operations.sort((a, b) => b.literals - a.literals);
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 15)
    .map((e) => `  ${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('\n');
}

const COMPILERS = new Map<string, { ajv: Ajv; compiled: Map<string, ValidateFunction> }>();

/**
 * Checks JSON answers against the operation's success schema in the service's own OpenAPI
 * document, so the document and the code cannot drift apart.
 *
 * A request with `fields` is checked with nothing required: `fields` may leave out any field
 * but `id` (as in Medusa), so only the types of what is present can be held to the document.
 */
export class ResponseValidator {
  private readonly operations: Operation[];
  private readonly schemas: Json;
  private compiler?: { ajv: Ajv; compiled: Map<string, ValidateFunction> };

  constructor(document: OpenAPIObject) {
    this.schemas = (document.components?.schemas ?? {}) as unknown as Json;
    this.operations = operationsOf(document);
  }

  /** Built on first use and shared by the app instances of a test file whose documents are equal. */
  private get ajv() {
    if (!this.compiler) {
      const key = JSON.stringify(this.schemas);
      let shared = COMPILERS.get(key);
      if (!shared) {
        // The schemas themselves are checked by test/e2e/platform/openapi.e2e-spec.ts.
        const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
        addFormats(ajv);
        ajv.addSchema({ $id: DEFINITIONS_ID, ...(toJsonSchema({ definitions: this.schemas }) as object) });
        ajv.addSchema({ $id: `${DEFINITIONS_ID}-lenient`, ...(toJsonSchema({ definitions: this.schemas }, true) as object) });
        shared = { ajv, compiled: new Map() };
        COMPILERS.set(key, shared);
      }
      this.compiler = shared;
    }
    return this.compiler;
  }

  /** The problems with one answer, or [] when it matches (or is not a documented JSON success). */
  problems(method: string, url: string, status: number, contentType: string | undefined, body: unknown): string[] {
    if (status < 200 || status >= 300 || !contentType?.includes('application/json')) return [];
    const [path, query = ''] = url.split('?');
    const op = this.operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
    if (!op) return [];
    const label = `${op.method} ${op.template} -> ${status}`;
    const response = op.responses[String(status)];
    if (!response) return [`${label}: status ${status} is not in the document (it has ${Object.keys(op.responses).join(', ')})`];
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return [`${label}: the document has no JSON schema for this answer`];
    const lenient = new URLSearchParams(query).has('fields');
    const key = `${label} ${lenient}`;
    const { ajv, compiled } = this.ajv;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema, lenient) as object);
      compiled.set(key, validate);
    }
    return validate(body) ? [] : [`${label}${lenient ? ' (with `fields`)' : ''} does not match its schema:\n${describe(validate.errors)}`];
  }

  /** For supertest's `.expect(fn)`: throws with the schema errors. */
  assert = (res: Response): void => {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const problems = this.problems(req.method, req.path, res.status, res.headers['content-type'], res.body);
    if (problems.length) throw new Error(`The answer disagrees with /docs-json: ${problems.join('\n')}`);
  };
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options'] as const;

/**
 * Makes every request built by `requests` (supertest's `request(server)` or an agent) check
 * its answer with `validator` before any other expectation.
 */
export function validatingRequests<T extends object>(requests: T, validator: ResponseValidator): T {
  const target = requests as unknown as Record<string, (...args: unknown[]) => { expect(fn: (res: Response) => void): unknown }>;
  for (const method of HTTP_METHODS) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = (...args: unknown[]) => {
      const test = original.apply(requests, args);
      test.expect(validator.assert);
      return test;
    };
  }
  return requests;
}
