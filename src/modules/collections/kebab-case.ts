/**
 * lodash's `kebabCase`, which Medusa v1 uses to default a collection's handle from its
 * title: deburr Latin letters, drop apostrophes, split into words (case changes,
 * letter/digit boundaries, any punctuation or space), lower-case, join with "-".
 * Written out here so handles stay byte-identical to Medusa's without a lodash dependency.
 */

/** Latin-1 / Latin Extended-A letters that do not decompose into base letter + mark. */
const LIGATURES: Record<string, string> = {
  Æ: 'Ae',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  ß: 'ss',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'Oe',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
};

const LATIN_LETTER = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0100-\u017f]/g;
const COMBINING_MARK = /[\u0300-\u036f\ufe20-\ufe2f\u20d0-\u20ff]/g;
const APOSTROPHE = /['\u2019]/g;

function deburr(value: string): string {
  return value.replace(LATIN_LETTER, (ch) => LIGATURES[ch] ?? ch.normalize('NFD').replace(COMBINING_MARK, '')).replace(COMBINING_MARK, '');
}

// Word classes as lodash defines them: a "break" is anything that is neither a letter,
// a mark nor a number; digits are ASCII; "misc" upper/lower also cover caseless scripts.
const BREAK = '[^\\p{L}\\p{M}\\p{N}]';
const UPPER = '\\p{Lu}';
const LOWER = '\\p{Ll}';
const MISC_UPPER = '[^\\p{Ll}0-9\\P{L}]|\\p{M}|[\\p{N}--[0-9]]';
const MISC_LOWER = '[^\\p{Lu}0-9\\P{L}]|\\p{M}|[\\p{N}--[0-9]]';

const WORD = new RegExp(
  [
    `${UPPER}?${LOWER}+(?=${BREAK}|${UPPER}|$)`,
    `(?:${MISC_UPPER})+(?=${BREAK}|${UPPER}(?:${MISC_LOWER})|$)`,
    `${UPPER}?(?:${MISC_LOWER})+`,
    `${UPPER}+`,
    '[0-9]+',
  ].join('|'),
  'gv',
);

function words(value: string): string[] {
  return value.match(WORD) ?? [];
}

export function kebabCase(value: string): string {
  return words(deburr(value).replace(APOSTROPHE, ''))
    .map((w) => w.toLowerCase())
    .join('-');
}
