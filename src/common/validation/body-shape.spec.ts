import { BODY_SHAPE_LIMITS, jsonShapeProblem } from './body-shape';

const { depth, keysPerObject, values } = BODY_SHAPE_LIMITS;
const check = (text: string) => jsonShapeProblem(Buffer.from(text));
const DEEP = `The request body must not be nested more than ${depth} levels deep`;
const KEYS = `An object in the request body must not have more than ${keysPerObject} keys`;
const VALUES = `The request body must not hold more than ${values} values`;

const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const objectOf = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])));

describe('jsonShapeProblem (the byte scan before a JSON body is parsed)', () => {
  it('accepts ordinary bodies, whatever their strings contain', () => {
    expect(check('{}')).toBeNull();
    expect(check('[]')).toBeNull();
    expect(check(JSON.stringify({ a: '{{{[[[:::,,,', b: 'quote " and backslash \\', c: ['x', { d: 'é"[' }], e: [] }))).toBeNull();
    expect(check(`{"s": "${'\\"['.repeat(100)}"}`)).toBeNull();
    expect(check(` { "a" : [ 1 , 2 ] } `)).toBeNull();
  });

  it(`counts depth over objects and arrays: ${depth} levels pass, one more does not`, () => {
    expect(check(nestedArrays(depth))).toBeNull();
    expect(check(nestedArrays(depth + 1))).toBe(DEEP);
    expect(check(`{"a":${nestedArrays(depth - 1)}}`)).toBeNull();
    expect(check(`{"a":${nestedArrays(depth)}}`)).toBe(DEEP);
    // Brackets inside strings are not structure.
    expect(check(JSON.stringify({ a: '['.repeat(depth * 2) }))).toBeNull();
  });

  it(`counts the keys of each object separately: ${keysPerObject} pass, one more does not`, () => {
    expect(check(objectOf(keysPerObject))).toBeNull();
    expect(check(objectOf(keysPerObject + 1))).toBe(KEYS);
    expect(check(`{"a":${objectOf(keysPerObject)},"b":${objectOf(keysPerObject - 2)}}`)).toBeNull();
    expect(check(`{"a":${objectOf(keysPerObject)},"b":${objectOf(keysPerObject + 1)}}`)).toBe(KEYS);
    // Colons inside strings and in arrays are not keys.
    expect(check(JSON.stringify({ a: ':'.repeat(keysPerObject * 2) }))).toBeNull();
  });

  it(`counts keys and array entries of the whole body: ${values} pass, one more does not`, () => {
    const entries = (count: number) => `{"a":[${Array.from({ length: count }, () => 0).join(',')}]}`;
    expect(check(entries(values - 1))).toBeNull(); // "a" is one value
    expect(check(entries(values))).toBe(VALUES);
    expect(check(`[${Array.from({ length: values }, () => '[]').join(',')}]`)).toBeNull(); // empty arrays hold nothing
    const objects = Math.ceil(values / keysPerObject) + 1;
    expect(check(`[${Array.from({ length: objects }, () => objectOf(keysPerObject)).join(',')}]`)).toBe(VALUES);
  });
});
