import { likePatternTrigrams, MAX_NARROWED_TERM_LENGTH, narrowSearchTerm } from './trigram-search';

const sorted = (set: Set<string>) => [...set].sort();

describe('likePatternTrigrams (what pg_trgm looks up for ILIKE %term%)', () => {
  it('pads a word at real boundaries as show_trgm does: show_trgm(Dijkstra242) when the word stands alone', () => {
    // SELECT show_trgm('Dijkstra242') = {"  d"," di",242,"42 ",a24,dij,ijk,jks,kst,ra2,str,tra}
    expect(sorted(likePatternTrigrams(' Dijkstra242 '))).toEqual(['  d', ' di', '242', '42 ', 'a24', 'dij', 'ijk', 'jks', 'kst', 'ra2', 'str', 'tra']);
  });

  it('leaves the edges that touch the pattern wildcards open, lower-cased', () => {
    expect(sorted(likePatternTrigrams('Dijkstra242'))).toEqual(['242', 'a24', 'dij', 'ijk', 'jks', 'kst', 'ra2', 'str', 'tra']);
  });

  it('splits at non-word characters, padding the edges they make', () => {
    expect(sorted(likePatternTrigrams('user42@bench'))).toEqual(['  b', ' be', '42 ', 'ben', 'enc', 'er4', 'nch', 'r42', 'ser', 'use']);
  });

  it('yields nothing for a word shorter than three characters with open edges', () => {
    expect(likePatternTrigrams('ab').size).toBe(0);
    expect(sorted(likePatternTrigrams('ab@'))).toEqual(['ab ']);
  });

  it('treats escaped LIKE wildcards in the term as the literal separators they are', () => {
    expect(sorted(likePatternTrigrams('50%off'))).toEqual(['  o', ' of', '50 ', 'off']);
  });
});

describe('narrowSearchTerm', () => {
  // As in a table where every email is user<n>@bench.example and 11 % of numbers start with 4.
  const frequentInEmails = new Set(['use', 'ser', 'er4', '  b', ' be', 'ben', 'enc', 'nch', 'ch ']);

  it('gives the index the longest part of the term with no frequent trigram', () => {
    expect(narrowSearchTerm('user4242@', frequentInEmails)).toBe('r4242@');
  });

  it('keeps the term when none of its trigrams is frequent', () => {
    expect(narrowSearchTerm('lovelace', frequentInEmails)).toBe('lovelace');
  });

  it('keeps the term when every part of it has a frequent trigram (there is nothing cheaper to ask)', () => {
    expect(narrowSearchTerm('user', frequentInEmails)).toBe('user');
    expect(narrowSearchTerm('bench', frequentInEmails)).toBe('bench');
  });

  it('never picks a part without trigrams, which the index could not serve', () => {
    // "42" alone has no trigram; "r42" has one.
    expect(narrowSearchTerm('user42', frequentInEmails)).toBe('r42');
  });

  it('is a substring of the term, so every row the term matches is found', () => {
    for (const term of ['user4242@', 'Dijkstra242', 'a.b-c@d', 'user1@bench.example', 'xx_user%9']) {
      expect(term).toContain(narrowSearchTerm(term, frequentInEmails));
    }
  });

  it('leaves non-ASCII and very long terms alone (pg_trgm folds those by the database locale)', () => {
    expect(narrowSearchTerm('userß4242', frequentInEmails)).toBe('userß4242');
    const long = `user${'7'.repeat(MAX_NARROWED_TERM_LENGTH)}`;
    expect(narrowSearchTerm(long, frequentInEmails)).toBe(long);
  });

  it('does nothing without a sample', () => {
    expect(narrowSearchTerm('user4242@', new Set())).toBe('user4242@');
  });
});
