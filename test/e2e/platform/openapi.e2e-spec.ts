import type { OpenAPIObject } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { QUERY_CONFIG, type QueryConfigOptions } from '../../../src/common/query/query-config.decorator';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { createCartViaApi, createShop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { ResponseValidator, STRICT_RESPONSES, toJsonSchema, validatingRequests } from '../../helpers/openapi-responses';
import { handledRoutes } from '../../helpers/routes';

type Node = { [key: string]: unknown };

/** The keywords an OpenAPI 3.0 Schema Object may have (3.0.3, section 4.7.24), plus extensions. */
const SCHEMA_KEYWORDS = new Set([
  'title',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
  'required',
  'enum',
  'type',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'items',
  'properties',
  'additionalProperties',
  'description',
  'format',
  'default',
  'nullable',
  'discriminator',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'example',
  'deprecated',
  '$ref',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every Schema Object of the document with where it is, walking properties, items and compositions. */
function schemaObjects(document: OpenAPIObject): Array<[string, Node]> {
  const found: Array<[string, Node]> = [];
  const visit = (schema: Node, where: string) => {
    found.push([where, schema]);
    for (const [name, sub] of Object.entries((schema.properties as Record<string, Node>) ?? {})) visit(sub, `${where}.properties.${name}`);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) ((schema[key] as Node[]) ?? []).forEach((sub, i) => visit(sub, `${where}.${key}[${i}]`));
    for (const key of ['items', 'not'] as const) if (schema[key]) visit(schema[key] as Node, `${where}.${key}`);
    if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties as Node, `${where}.additionalProperties`);
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) visit(schema as Node, `components.schemas.${name}`);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, Node>)[method];
      if (!op) continue;
      for (const [status, response] of Object.entries(op.responses as Record<string, Node>)) {
        for (const [type, media] of Object.entries((response.content as Record<string, Node>) ?? {}))
          if (media.schema) visit(media.schema as Node, `${method} ${path} ${status} ${type}`);
      }
    }
  }
  return found;
}

/** The schema a reference names, following references. */
function resolve(document: OpenAPIObject, schema: Node): Node {
  let current = schema;
  while (typeof current.$ref === 'string') current = (document.components?.schemas ?? {})[current.$ref.replace('#/components/schemas/', '')] as Node;
  return current;
}

describe('The OpenAPI document (/docs-json)', () => {
  let t: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/docs-json').expect(200)).body as OpenAPIObject;
  });
  afterAll(() => t.close());

  it('declares a JSON success schema with properties for every operation of the route table', () => {
    const routes = handledRoutes(t.app).filter((r) => !Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, r.controller)?.[0]);
    expect(routes.length).toBeGreaterThan(90);
    const missing: string[] = [];
    for (const route of routes) {
      const template = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = (document.paths[template] as Record<string, Node> | undefined)?.[route.method];
      const success = Object.entries((op?.responses as Record<string, Node>) ?? {}).find(([status]) => /^2\d\d$/.test(status));
      const schema = (success?.[1].content as Record<string, Node> | undefined)?.['application/json']?.schema as Node | undefined;
      const target = schema && resolve(document, schema);
      const described = target && (target.properties || target.allOf || target.anyOf || target.oneOf);
      // Medusa answers invite create, resend and accept with the plain text `OK`, declared as such.
      const plainText = (success?.[1].content as Record<string, Node> | undefined)?.['text/plain']?.schema;
      // A 204 (e.g. POST /store/customers/password-token) has no body to describe.
      if (!described && !plainText && success?.[0] !== '204') missing.push(`${route.method.toUpperCase()} ${template}`);
    }
    expect(missing).toEqual([]);
  });

  it('names the success answers as Medusa does', () => {
    const successRef = (path: string, method: string) => {
      const responses = (document.paths[path] as Record<string, Node>)[method].responses as Record<string, Node>;
      const [, response] = Object.entries(responses).find(([status]) => status.startsWith('2'))!;
      return ((response.content as Record<string, Node>)['application/json'].schema as Node).$ref;
    };
    expect(successRef('/store/carts/{id}', 'get')).toBe('#/components/schemas/StoreCartsRes');
    expect(successRef('/admin/discounts', 'get')).toBe('#/components/schemas/AdminDiscountsListRes');
    expect(successRef('/admin/customers', 'post')).toBe('#/components/schemas/AdminCustomersRes');
    expect(Object.keys((document.paths['/admin/customers'] as Record<string, Node>).post.responses as object)).toContain('201');
    expect(successRef('/store/carts/{id}/complete', 'post')).toBe('#/components/schemas/StoreCompleteCartRes');
  });

  it('is a well-formed OpenAPI 3.0 document', () => {
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));

    const problems: string[] = [];
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/')) problems.push(`${path}: a path must start with /`);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const method of METHODS) {
        const op = (item as Record<string, Node>)[method];
        if (!op) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.responses || Object.keys(op.responses).length === 0) problems.push(`${where}: no responses`);
        if (typeof op.operationId === 'string') {
          if (operationIds.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} is not unique`);
          operationIds.add(op.operationId);
        }
        const pathParams = ((op.parameters as Node[]) ?? []).filter((p) => p.in === 'path');
        for (const name of templated) {
          const param = pathParams.find((p) => p.name === name);
          if (!param) problems.push(`${where}: path parameter {${name}} is not declared`);
          else if (param.required !== true) problems.push(`${where}: path parameter {${name}} must be required`);
        }
        for (const [status, response] of Object.entries(op.responses as Record<string, Node>)) {
          if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
          if (typeof response.description !== 'string') problems.push(`${where} ${status}: a response needs a description`);
        }
      }
    }

    const components = document.components?.schemas ?? {};
    for (const [where, schema] of schemaObjects(document)) {
      for (const key of Object.keys(schema)) if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith('x-')) problems.push(`${where}: unknown keyword ${key}`);
      if (typeof schema.$ref === 'string') {
        const name = schema.$ref.replace('#/components/schemas/', '');
        if (!schema.$ref.startsWith('#/components/schemas/') || !(name in components)) problems.push(`${where}: $ref ${schema.$ref} does not resolve`);
      }
      if (schema.type !== undefined && !TYPES.has(schema.type as string)) problems.push(`${where}: type ${String(schema.type)}`);
      if (schema.type === 'array' && !schema.items) problems.push(`${where}: an array needs items`);
      if (
        schema.required !== undefined &&
        !(Array.isArray(schema.required) && schema.required.length > 0 && schema.required.every((r) => typeof r === 'string'))
      ) {
        problems.push(`${where}: required must be a non-empty list of names`);
      }
      if (schema.nullable !== undefined && typeof schema.nullable !== 'boolean') problems.push(`${where}: nullable must be a boolean`);
    }
    expect(problems).toEqual([]);

    // Each schema, read as JSON Schema, compiles in strict mode: no misspelt or misplaced keyword.
    const ajv = new Ajv({ strict: true, discriminator: true, strictRequired: false, strictTypes: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi-components', ...(toJsonSchema({ definitions: components as never }) as object) });
    expect(() => ajv.compile({ $ref: 'openapi-components' })).not.toThrow();
  });

  it('checks answers: a body that breaks its schema fails, and `fields` relaxes only what may be left out', () => {
    const validator = new ResponseValidator(document);
    const ok = (url: string, body: unknown) => validator.problems('GET', url, 200, 'application/json; charset=utf-8', body);
    expect(ok('/store/regions/reg_1', { region: { id: 'reg_1' } })).not.toEqual([]);
    // `fields=name` requires what it selects (and `id`), nothing else of the region.
    expect(ok('/store/regions/reg_1?fields=name', { region: { id: 'reg_1', name: 'EU' } })).toEqual([]);
    expect(ok('/store/regions/reg_1?fields=name', { region: { id: 'reg_1' } }).join()).toContain('region: missing required property "name"');
    expect(ok('/store/regions/reg_1?fields=name', { region: { id: 'reg_1', name: 42 } })).not.toEqual([]);
    expect(ok('/admin/discounts/code/SUMMER', { discount: { id: 'disc_1', code: null } }).join()).toContain('GET /admin/discounts/code/{code}');
    expect(validator.problems('POST', '/admin/customers', 200, 'application/json', {}).join()).toContain('status 200 is not in the document');
    expect(ok('/store/regions/reg_1', 'not json')).not.toEqual([]);
    expect(validator.problems('GET', '/store/regions/reg_1', 404, 'application/json', {})).toEqual([]);
  });

  it('fails a request of the test helper whose answer disagrees with the document', async () => {
    await expect(t.http().get('/store/regions').expect(200)).resolves.toBeDefined();
    const stricter = structuredClone(document);
    (stricter.components!.schemas!.StoreRegionsListRes as { required: string[] }).required.push('regions_by_country');
    const requests = validatingRequests(request(t.app.getHttpServer()), new ResponseValidator(stricter));
    await expect(requests.get('/store/regions').expect(200)).rejects.toThrow(/disagrees with \/docs-json[\s\S]*regions_by_country/);
  });

  describe('the strict contract (on for every e2e request)', () => {
    let validator: ResponseValidator;
    let cart: Record<string, any>;
    const json = 'application/json; charset=utf-8';

    beforeAll(async () => {
      validator = new ResponseValidator(document);
      const shop = await createShop(t.dataSource.manager);
      cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    });

    it('is the one switch, and it is on', () => {
      expect(STRICT_RESPONSES).toBe(true);
    });

    it('keeps x-expanded-relations in the document and requires the default relations and the totals', () => {
      const carts = document.components!.schemas!.StoreCartsRes as Node;
      expect(carts['x-expanded-relations']).toMatchObject({ field: 'cart', relations: expect.arrayContaining(['items', 'items.variant', 'region']) });
      const required = ((carts.properties as Record<string, Node>).cart.allOf as Node[])[1].required;
      expect(required).toEqual(expect.arrayContaining(['items', 'region', 'shipping_methods', 'total', 'subtotal', 'tax_total']));
    });

    it("declares as required, per route, the relations the route's query configuration loads by default", () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const route of handledRoutes(t.app)) {
        const config = Reflect.getMetadata(QUERY_CONFIG, route.handler) as QueryConfigOptions | undefined;
        if (!config) continue;
        const template = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
        const op = (document.paths[template] as Record<string, Node> | undefined)?.[route.method];
        const success = Object.entries((op?.responses as Record<string, Node>) ?? {}).find(([status]) => /^2\d\d$/.test(status));
        const ref = ((success?.[1].content as Record<string, Node> | undefined)?.['application/json']?.schema as Node | undefined)?.$ref as string | undefined;
        const schema = ref ? resolve(document, { $ref: ref }) : undefined;
        const expanded = schema?.['x-expanded-relations'] as { relations: string[] } | undefined;
        if (!expanded) continue;
        checked++;
        const top = (list: string[] = []) => [...new Set(list.map((r) => r.split('.')[0]))].sort();
        if (JSON.stringify(top(config.defaultRelations)) !== JSON.stringify(top(expanded.relations)))
          mismatches.push(`${route.method.toUpperCase()} ${template}: loads ${top(config.defaultRelations)}, the document says ${top(expanded.relations)}`);
      }
      expect(checked).toBeGreaterThan(5);
      expect(mismatches).toEqual([]);
    });

    it('refuses a cart without its relations and totals, naming what is missing', () => {
      expect(validator.problems('GET', `/store/carts/${cart.id}`, 200, json, { cart })).toEqual([]);
      const { items: _items, region: _region, total: _total, ...scalars } = cart;
      const problems = validator.problems('GET', `/store/carts/${cart.id}`, 200, json, { cart: scalars }).join('\n');
      expect(problems).toContain('GET /store/carts/{id} -> 200 does not match its schema');
      for (const name of ['items', 'region', 'total']) expect(problems).toContain(`cart: missing required property "${name}"`);
    });

    it('refuses a property the document does not declare, naming the operation, the JSON path and the property', async () => {
      const customer = await createCustomer(t.dataSource.manager, { password: 'strict-pass' });
      const me = await t.http().post('/store/auth').send({ email: customer.email, password: 'strict-pass' }).expect(200);
      expect(validator.problems('POST', '/store/auth', 200, json, me.body)).toEqual([]);
      const leaked = { customer: { ...me.body.customer, password_hash: 'scrypt$...' } };
      expect(validator.problems('POST', '/store/auth', 200, json, leaked)).toEqual([
        'POST /store/auth -> 200 does not match its schema:\n  customer: undeclared property "password_hash"',
      ]);
      const deep = { cart: { ...cart, items: [{ ...cart.items[0], variant: { ...cart.items[0].variant, cost_price: 1 } }] } };
      expect(validator.problems('GET', `/store/carts/${cart.id}`, 200, json, deep).join()).toContain('cart.items[0].variant: undeclared property "cost_price"');
    });

    it('types nested objects: a draft order cart is a Cart, a condition is a DiscountCondition', () => {
      const draft = validator.problems('GET', '/admin/draft-orders/dorder_1', 200, json, {
        draft_order: { id: 'dorder_1', cart: { total: 'abc', items: 'nope' } },
      });
      expect(draft.join()).toContain('draft_order.cart.items: must be array');
      expect(draft.join()).toContain('draft_order.cart.total: must be integer');
      const discount = validator.problems('GET', '/admin/discounts/disc_1', 200, json, { discount: { id: 'disc_1', rule: { conditions: [{}] } } });
      expect(discount.join()).toContain('discount.rule.conditions[0]: missing required property "id"');
    });

    it("ties the completion answer's data to its type", () => {
      expect(validator.problems('POST', `/store/carts/${cart.id}/complete`, 200, json, { type: 'cart', data: cart })).toEqual([]);
      expect(validator.problems('POST', `/store/carts/${cart.id}/complete`, 200, json, { type: 'order', data: cart })).not.toEqual([]);
    });

    it('keeps the required of nested objects under `fields`, and requires what `expand` names', () => {
      const url = `/store/carts/${cart.id}?fields=email&expand=items`;
      const { id, email, items } = cart;
      expect(validator.problems('GET', url, 200, json, { cart: { id, email, items } })).toEqual([]);
      expect(validator.problems('GET', url, 200, json, { cart: { id, email } }).join()).toContain('cart: missing required property "items"');
      const { variant: _variant, ...bareItem } = items[0];
      expect(validator.problems('GET', url, 200, json, { cart: { id, email, items: [{ ...bareItem, id: undefined }] } }).join()).toContain(
        'cart.items[0]: missing required property "id"',
      );
    });

    it('refuses a 2xx from a route the document lacks, and a non-JSON 2xx it does not declare', () => {
      expect(validator.problems('GET', '/store/nowhere', 200, json, {})).toEqual([
        'GET /store/nowhere -> 200: a success answer from a route the document does not have',
      ]);
      expect(validator.problems('GET', '/health', 200, json, {})).toEqual([]);
      expect(validator.problems('GET', `/store/carts/${cart.id}`, 200, 'text/html; charset=utf-8', '<html>')).toEqual([
        'GET /store/carts/{id} -> 200: answered text/html; charset=utf-8; the document declares application/json',
      ]);
    });
  });
});
