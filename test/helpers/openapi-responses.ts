import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

/**
 * THE switch for how answers are held to the document, for every e2e request (in-process
 * apps, server processes, raw fetches): strict refuses properties the document does not
 * declare, 2xx answers of routes the document lacks, and non-JSON 2xx answers it does not
 * declare. Turn off only to see what the loose check (types and `required` only) would say.
 */
export const STRICT_RESPONSES = true;

/**
 * Routes served outside the API document on purpose: the document itself and its UI, the
 * load balancer's probe, and the uploaded files and signed file links (exports) it hands out (a
 * file, not an API answer), Medusa's admin dashboard served at /app (a static bundle), and
 * Stripe's webhook (answered in text, as Medusa answers it).
 */
const UNDOCUMENTED_ROUTES = [/^\/docs-json$/, /^\/docs(\/.*)?$/, /^\/health$/, /^\/uploads\/(signed\/)?[^/]+$/, /^\/app(\/.*)?$/, /^\/stripe\/hooks$/];

const SCHEMA_PREFIX = '#/components/schemas/';
const DEFINITIONS_ID = 'openapi-components';

/** Keywords of an OpenAPI 3.0 Schema Object that JSON Schema does not know; dropped before compiling. */
const OPENAPI_ONLY = new Set(['nullable', 'example', 'examples', 'externalDocs', 'xml', 'deprecated', 'x-enumNames']);

/** How a schema is compiled: `strict` closes every object that lists its properties; `lenient` requires nothing. */
export interface CompileMode {
  strict?: boolean;
  lenient?: boolean;
}

function definitionsId(mode: CompileMode): string {
  return `${DEFINITIONS_ID}${mode.strict ? '-strict' : ''}${mode.lenient ? '-lenient' : ''}`;
}

const isObject = (node: Json | undefined): node is Schema => node !== null && typeof node === 'object' && !Array.isArray(node);

/** The component a `$ref` names, or the node itself. */
function deref(node: Schema, components: Schema): Schema {
  let current = node;
  for (let i = 0; i < 20 && typeof current.$ref === 'string'; i++) current = components[current.$ref.replace(SCHEMA_PREFIX, '')] as Schema;
  return current;
}

/**
 * One object schema standing for `allOf` branches that each describe part of one object
 * (`PricedProduct` = `Product` + priced `variants`): properties merged (a later branch's
 * declaration wins), `required` united. Closing each branch on its own would refuse the other
 * branches' properties, so a strict check needs the merged form. An open branch (`{type:
 * object}` without properties) leaves the merged object open.
 */
function mergeAllOf(node: Schema, components: Schema): Schema {
  const merged: Schema = {};
  const properties: Schema = {};
  const required = new Set<string>();
  let open = false;
  const take = (part: Schema) => {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') Object.assign(properties, value as Schema);
      else if (key === 'required') (value as string[]).forEach((r) => required.add(r));
      else if (key === 'allOf' || key === 'nullable' || key === 'description' || key.startsWith('x-')) continue;
      else merged[key] = value;
    }
  };
  for (const branch of ((node.allOf as Schema[]) ?? []).map((b) => deref(b, components))) {
    const part = branch.allOf ? mergeAllOf(branch, components) : branch;
    take(part);
    const freeForm = part.type === 'object' && !part.properties && !part.required && part.additionalProperties === undefined;
    if (freeForm || (part.additionalProperties !== undefined && part.additionalProperties !== false)) open = true;
  }
  take(node);
  merged.type = 'object';
  merged.properties = properties;
  if (required.size) merged.required = [...required];
  else delete merged.required;
  if (open) merged.additionalProperties = true;
  else delete merged.additionalProperties;
  return merged;
}

/**
 * An OpenAPI 3.0 Schema Object as JSON Schema (draft-07): `nullable` becomes "or null" (also
 * beside `allOf`/`$ref`, where OpenAPI 3.0 tools read it the same way), references point into
 * the registered components, with `lenient` nothing is required, and with `strict` every
 * object that lists its properties refuses others (`additionalProperties: false`), `allOf`
 * compositions being merged first (see mergeAllOf).
 */
export function toJsonSchema(node: Json, lenient: boolean | CompileMode = false, components: Schema = {}): Json {
  const mode: CompileMode = typeof lenient === 'boolean' ? { lenient } : lenient;
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, mode, components));
  if (!isObject(node)) return node;
  let source = node;
  if (mode.strict && Array.isArray(node.allOf) && (node.allOf.length > 1 || node.properties)) {
    source = { ...mergeAllOf(node, components), ...(node.nullable === true ? { nullable: true } : {}) };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    if (key === 'required' && mode.lenient) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(SCHEMA_PREFIX, `${definitionsId(mode)}#/definitions/`);
    else if (key === 'properties' || key === 'definitions')
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v, mode, components)]));
    else if (key === 'default' || key === 'enum') out[key] = value;
    // Ajv reads the tag (and then reports only the branch it names); it has no use for `mapping`.
    else if (key === 'discriminator') out[key] = { propertyName: (value as Schema).propertyName };
    else out[key] = toJsonSchema(value, mode, components);
  }
  if (mode.strict && isObject(source.properties) && source.additionalProperties === undefined) out.additionalProperties = false;
  return source.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
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

/** `/cart/items/0/variant` as `cart.items[0].variant` (the body itself: `(body)`). */
function jsonPath(instancePath: string): string {
  if (!instancePath) return '(body)';
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** The component whose rule an error broke, from its schema path (`...#/definitions/LineItem/...`). */
function componentOf(error: ErrorObject): string {
  const match = /#\/definitions\/([^/]+)/.exec(error.schemaPath);
  return match ? ` (schema ${match[1]})` : '';
}

/**
 * One line per problem, the precise ones first: a property the document does not declare
 * names the property, a missing one names it too. "Or null" branches and the anyOf summary
 * that `nullable` brings are dropped when a precise error says more.
 */
function describe(errors: ErrorObject[] | null | undefined): string {
  const all = errors ?? [];
  const noise = (e: ErrorObject) => e.keyword === 'anyOf' || (e.keyword === 'type' && (e.params as { type?: string }).type === 'null');
  const precise = all.filter((e) => !noise(e));
  const shown = precise.length ? precise : all;
  const lines = shown.map((e) => {
    const at = jsonPath(e.instancePath);
    if (e.keyword === 'additionalProperties')
      return `  ${at}: undeclared property "${(e.params as { additionalProperty: string }).additionalProperty}"${componentOf(e)}`;
    if (e.keyword === 'required') return `  ${at}: missing required property "${(e.params as { missingProperty: string }).missingProperty}"${componentOf(e)}`;
    return `  ${at}: ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}${componentOf(e)}`;
  });
  // Undeclared properties first, then wrong values, then missing ones (often many, and a consequence).
  const rank = (line: string) => (line.includes(': undeclared property') ? 0 : line.includes(': missing required property') ? 2 : 1);
  const unique = [...new Set(lines)].sort((a, b) => rank(a) - rank(b));
  return unique.slice(0, 40).join('\n') + (unique.length > 40 ? `\n  ... and ${unique.length - 40} more` : '');
}

/** The top-level names of an `expand` or `fields` list (`items.variant` -> `items`). */
function topLevel(list: string | null): string[] {
  if (list === null) return [];
  return [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim().split('.')[0])
        .filter(Boolean),
    ),
  ];
}

const COMPILERS = new Map<string, { ajv: Ajv; compiled: Map<string, ValidateFunction> }>();

/**
 * Checks answers against the operation's success schema in the service's own OpenAPI
 * document, so the document and the code cannot drift apart.
 *
 * Without `expand`/`fields`, the entity must carry what the response schema requires: its
 * own required fields plus the relations the route loads by default and the totals
 * (`x-expanded-relations`), at every depth. `expand` replaces the default relations (as in Medusa): the ones
 * it names are required instead, along each named path. `fields` selects the entity's own columns: `id`, the named
 * fields and the expanded relations are required of it, nothing else; nested objects (the
 * relations) keep every `required` of theirs.
 */
export class ResponseValidator {
  private readonly operations: Operation[];
  private readonly schemas: Schema;
  private compiler?: { ajv: Ajv; compiled: Map<string, ValidateFunction> };

  constructor(
    document: OpenAPIObject,
    private readonly strict = STRICT_RESPONSES,
  ) {
    this.schemas = (document.components?.schemas ?? {}) as unknown as Schema;
    this.operations = operationsOf(document);
  }

  /** Built on first use and shared by the app instances of a test file whose documents are equal. */
  private get ajv() {
    if (!this.compiler) {
      const key = `${this.strict} ${JSON.stringify(this.schemas)}`;
      let shared = COMPILERS.get(key);
      if (!shared) {
        // The schemas themselves are checked by test/e2e/platform/openapi.e2e-spec.ts.
        const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, discriminator: true });
        addFormats(ajv);
        for (const lenient of [false, true]) {
          const mode = { strict: this.strict, lenient };
          ajv.addSchema({ $id: definitionsId(mode), ...(toJsonSchema({ definitions: this.schemas }, mode, this.schemas) as object) });
        }
        shared = { ajv, compiled: new Map() };
        COMPILERS.set(key, shared);
      }
      this.compiler = shared;
    }
    return this.compiler;
  }

  /**
   * For a request with `expand`/`fields`: the success schema with its entities' `required`
   * taken off (compiled once per operation, whatever the lists), and what each entity must
   * then carry, checked by `missing` (see the class comment).
   */
  private shaped(
    schema: Schema,
    expand: string | null,
    fields: string | null,
  ): { schema: Schema; entities: Array<{ name: string; list: boolean; required: string[] }> } {
    const wrapper = deref(schema, this.schemas);
    const properties = { ...((wrapper.properties as Schema) ?? {}) };
    const entities: Array<{ name: string; list: boolean; required: string[] }> = [];
    for (const [name, property] of Object.entries(properties)) {
      const list = isObject(property) && property.type === 'array';
      const item = (list ? (property as Schema).items : property) as Schema;
      if (!isObject(item)) continue;
      // The entity: a reference, possibly with the default-relations branch of x-expanded-relations.
      const entityRef = (item.$ref ?? (Array.isArray(item.allOf) && isObject(item.allOf[0]) ? (item.allOf[0] as Schema).$ref : undefined)) as
        string | undefined;
      if (!entityRef) continue;
      const entity = mergeAllOf({ allOf: [{ $ref: entityRef }] }, this.schemas);
      const declared = Object.keys((entity.properties as Schema) ?? {});
      const own = fields === null ? ((entity.required as string[]) ?? []) : ['id', ...topLevel(fields)];
      entities.push({ name, list, required: [...new Set([...own, ...topLevel(expand)])].filter((r) => declared.includes(r)) });
      const open: Schema = { ...entity };
      delete open.required;
      properties[name] = list ? { ...(property as Schema), items: open } : open;
    }
    return { schema: { ...wrapper, properties }, entities };
  }

  /** The required properties an answer's entities lack, one line each (as `describe` writes them). */
  private static missing(body: unknown, entities: Array<{ name: string; list: boolean; required: string[] }>, expand: string | null): string[] {
    const lines: string[] = [];
    if (!isObject(body as Json)) return lines;
    // An expanded path is carried at every depth: `items.variant.product` needs each line's
    // variant (when it has one) to carry its product.
    const nested = (expand ?? '')
      .split(',')
      .map((p) => p.trim().split('.'))
      .filter((p) => p.length > 1);
    const walk = (node: Json, path: string[], at: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, path, `${at}[${i}]`));
      if (!isObject(node) || path.length === 0) return;
      const [head, ...rest] = path;
      if (!(head in node)) lines.push(`  ${at}: missing required property "${head}"`);
      else walk(node[head], rest, `${at}.${head}`);
    };
    for (const { name, list, required } of entities) {
      const value = (body as Schema)[name];
      const items = list ? (Array.isArray(value) ? value : []) : [value];
      items.forEach((item, i) => {
        if (!isObject(item)) return;
        const at = list ? `${name}[${i}]` : name;
        for (const r of required) if (!(r in item)) lines.push(`  ${at}: missing required property "${r}"`);
        for (const path of nested) if (path[0] in item) walk(item[path[0]], path.slice(1), `${at}.${path[0]}`);
      });
    }
    return lines;
  }

  /** The problems with one answer, or [] when it matches. */
  problems(method: string, url: string, status: number, contentType: string | undefined, body: unknown): string[] {
    const verb = method.toUpperCase();
    if (status < 200 || status >= 300 || verb === 'HEAD' || verb === 'OPTIONS') return [];
    const [path, query = ''] = url.split('?');
    const op = this.operations.find((o) => o.method === verb && o.pattern.test(path));
    if (!op) {
      if (!this.strict || UNDOCUMENTED_ROUTES.some((r) => r.test(path))) return [];
      return [`${verb} ${path} -> ${status}: a success answer from a route the document does not have`];
    }
    const label = `${op.method} ${op.template} -> ${status}`;
    const response = op.responses[String(status)];
    if (!response) return [`${label}: status ${status} is not in the document (it has ${Object.keys(op.responses).join(', ')})`];
    const declaredTypes = Object.keys(response.content ?? {});
    if (!contentType?.includes('application/json')) {
      if (!this.strict) return [];
      if (!contentType && declaredTypes.length === 0) return [];
      if (contentType && declaredTypes.some((t) => contentType.startsWith(t))) return [];
      return [`${label}: answered ${contentType ?? 'without a body type'}; the document declares ${declaredTypes.join(', ') || 'no body'}`];
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return [`${label}: the document has no JSON schema for this answer`];
    const params = new URLSearchParams(query);
    const expand = params.get('expand');
    const fields = params.get('fields');
    const shaping = [expand !== null ? `expand=${expand}` : '', fields !== null ? `fields=${fields}` : ''].filter(Boolean).join('&');
    const reshaped = shaping ? this.shaped(schema as Schema, expand, fields) : undefined;
    const key = `${label}${reshaped ? ' reshaped' : ''}`;
    const { ajv, compiled } = this.ajv;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(reshaped?.schema ?? (schema as Schema), { strict: this.strict }, this.schemas) as object);
      compiled.set(key, validate);
    }
    const valid = validate(body);
    const missing = reshaped ? ResponseValidator.missing(body, reshaped.entities, expand) : [];
    if (valid && !missing.length) return [];
    const lines = [...missing, ...(valid ? [] : [describe(validate.errors)])].join('\n');
    return [`${label}${shaping ? ` (with ${shaping})` : ''} does not match its schema:\n${lines}`];
  }

  /** For supertest's `.expect(fn)`: throws with the schema errors. */
  assert = (res: Response): void => {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const problems = this.problems(req.method, req.path, res.status, res.headers['content-type'], res.body);
    if (problems.length) throw new Error(`The answer disagrees with /docs-json: ${problems.join('\n')}`);
  };

  /**
   * `fetch`, with every answer checked as `assert` checks supertest's (for tests that talk to
   * a server process). The body is read once here; the returned Response can still be read.
   */
  fetch = async (input: string | URL, init?: RequestInit): Promise<globalThis.Response> => {
    const res = await fetch(input, init);
    const url = new URL(String(input));
    const contentType = res.headers.get('content-type') ?? undefined;
    const text = await res.clone().text();
    let body: unknown = text;
    if (contentType?.includes('application/json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const problems = this.problems(init?.method ?? 'GET', `${url.pathname}${url.search}`, res.status, contentType, body);
    if (problems.length) throw new Error(`The answer disagrees with /docs-json: ${problems.join('\n')}`);
    return res;
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

/** The validator for a running server, from the document it serves itself. */
export async function validatorOf(baseUrl: string): Promise<ResponseValidator> {
  return new ResponseValidator((await (await fetch(`${baseUrl}/docs-json`)).json()) as OpenAPIObject);
}
