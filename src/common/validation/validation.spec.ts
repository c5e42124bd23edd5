import { MAX_LISTED_PROBLEMS, MAX_LISTED_UNKNOWN, validationMessage } from './validation';

const unknown = (count: number) => Array.from({ length: count }, (_, i) => `property x${i} should not exist`);
const problems = (count: number) => Array.from({ length: count }, (_, i) => `p${i} must be a string`);

describe('validationMessage', () => {
  it('lists every problem of an ordinary body, as Medusa does', () => {
    expect(validationMessage(['property a should not exist', 'email must be an email'])).toBe('property a should not exist, email must be an email');
    expect(validationMessage([...unknown(MAX_LISTED_UNKNOWN), ...problems(6)])).toBe([...unknown(MAX_LISTED_UNKNOWN), ...problems(6)].join(', '));
  });

  it(`names at most ${MAX_LISTED_UNKNOWN} unknown properties, keeps the other problems, and counts what it leaves out`, () => {
    expect(validationMessage([...unknown(999), 'email must be an email'])).toBe(
      `${unknown(MAX_LISTED_UNKNOWN).join(', ')}, email must be an email, and ${999 - MAX_LISTED_UNKNOWN} more`,
    );
  });

  it(`lists at most ${MAX_LISTED_PROBLEMS} problems in all`, () => {
    expect(validationMessage(problems(MAX_LISTED_PROBLEMS + 30))).toBe(`${problems(MAX_LISTED_PROBLEMS).join(', ')}, and 30 more`);
  });
});
