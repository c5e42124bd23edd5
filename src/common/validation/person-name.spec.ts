import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { IsPersonName, MAX_PERSON_NAME_LENGTH } from './person-name';

class Named {
  @IsOptional() @IsPersonName() first_name?: unknown;
}

const problems = (first_name: unknown) => validateSync(plainToInstance(Named, { first_name })).flatMap((e) => Object.values(e.constraints ?? {}));

describe('IsPersonName: a first or last name is one short line', () => {
  it.each([
    ['a plain name', 'Ann'],
    ['letters of any script', 'Łukasiewicz 山田 Nguyễn'],
    ['apostrophes, hyphens and spaces', "Mary-Jane O'Neil"],
    [`${MAX_PERSON_NAME_LENGTH} characters`, 'x'.repeat(MAX_PERSON_NAME_LENGTH)],
    [`${MAX_PERSON_NAME_LENGTH} characters outside the BMP (counted as characters, not UTF-16 units)`, '𠀀'.repeat(MAX_PERSON_NAME_LENGTH)],
    ['a zero-width joiner (emoji) and non-joiner (Persian)', 'Ana 👩‍💻 می‌خواهم'],
    ['direction marks a right-to-left keyboard types (RLM, LRM, ALM)', 'דוד\u200f \u200eCohen\u061c'],
    ['the empty string (Medusa accepts it)', ''],
  ])('accepts %s', (_, name) => {
    expect(problems(name)).toEqual([]);
  });

  it(`refuses more than ${MAX_PERSON_NAME_LENGTH} characters`, () => {
    expect(problems('x'.repeat(MAX_PERSON_NAME_LENGTH + 1))).toEqual([`first_name must be at most ${MAX_PERSON_NAME_LENGTH} characters`]);
    expect(problems('x'.repeat(4096))).toHaveLength(1);
  });

  it.each([
    ['LF', '\n'],
    ['CR', '\r'],
    ['tab', '\t'],
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 NEL', '\u0085'],
    ['C1 CSI', '\u009b'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['embeddings and overrides', '\u202a\u202b\u202c\u202d\u202e'],
    ['isolates', '\u2066\u2067\u2068\u2069'],
  ])('refuses a %s inside a name', (_, inside) => {
    expect(problems(`Ann${inside}Marie`)).toEqual(['first_name must not contain line breaks, tabs, other control characters or bidirectional overrides']);
  });

  it('refuses what is not a string with the usual message only', () => {
    expect(problems(42)).toEqual(['first_name must be a string']);
    expect(problems({ toString: 'x' })).toEqual(['first_name must be a string']);
  });
});
