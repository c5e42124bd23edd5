/**
 * Choosing what a trigram GIN index is asked for when `q` is searched as `%q%`.
 *
 * pg_trgm answers `col ILIKE '%q%'` by reading the posting list of every trigram of `q`
 * and intersecting them. A trigram that most rows share (`use` when every email starts
 * with "user", the trigrams of a common domain or surname) has a posting list as long as
 * the table, so the search slows down in step with the table even when it matches one
 * row. Search engines call such terms stop words. Here the index is asked only for the
 * longest part of `q` whose trigrams are all uncommon, and the full `%q%` is checked on the
 * rows it returns, so the result is exactly the same.
 */

/** Trigrams are compared the way show_trgm() prints them: three characters, blank-padded at word edges. */
export type Trigram = string;

const WORD_CHAR = /[a-z0-9]/i;
// pg_trgm's word characters and case folding for non-ASCII text follow the database's
// locale, which this code cannot see; such terms are left as they are.
const ASCII_ONLY = /^[\x20-\x7e]*$/;
/** Longer terms are left whole: they are selective on their own, and the window search is quadratic. */
export const MAX_NARROWED_TERM_LENGTH = 48;

/**
 * The trigrams pg_trgm extracts from the LIKE pattern `%term%` (term taken literally, as
 * `escapeLike` makes it). Words are runs of letters and digits, lower-cased. A word edge
 * that touches the pattern's leading or trailing `%` is open: it gets no padding, because
 * the word may go on in the row. An edge at any other character is a real word boundary:
 * two blanks before a word, one after, as pg_trgm pads them.
 */
export function likePatternTrigrams(term: string): Set<Trigram> {
  const trigrams = new Set<Trigram>();
  let start = 0;
  while (start < term.length) {
    if (!WORD_CHAR.test(term[start])) {
      start++;
      continue;
    }
    let end = start;
    while (end < term.length && WORD_CHAR.test(term[end])) end++;
    const padded = `${start > 0 ? '  ' : ''}${term.slice(start, end).toLowerCase()}${end < term.length ? ' ' : ''}`;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
    start = end;
  }
  return trigrams;
}

function hasNoneOf(trigrams: Set<Trigram>, frequent: ReadonlySet<Trigram>): boolean {
  for (const trigram of trigrams) if (frequent.has(trigram)) return false;
  return true;
}

/**
 * The part of `term` to give the index: the longest substring (the first, among equally
 * long ones) that yields at least one trigram and none of `frequent`. `term` itself when it
 * has no frequent trigram, when every part of it has one (nothing cheaper to ask), when it
 * is not plain ASCII, or when it is longer than MAX_NARROWED_TERM_LENGTH.
 *
 * Any substring of `term` matches every row `term` matches, so searching the substring
 * through the index and rechecking `term` gives the same rows.
 */
export function narrowSearchTerm(term: string, frequent: ReadonlySet<Trigram>): string {
  if (frequent.size === 0 || term.length > MAX_NARROWED_TERM_LENGTH || !ASCII_ONLY.test(term)) return term;
  if (hasNoneOf(likePatternTrigrams(term), frequent)) return term;
  for (let length = term.length - 1; length >= 3; length--) {
    for (let start = 0; start + length <= term.length; start++) {
      const window = term.slice(start, start + length);
      const trigrams = likePatternTrigrams(window);
      if (trigrams.size > 0 && hasNoneOf(trigrams, frequent)) return window;
    }
  }
  return term;
}
