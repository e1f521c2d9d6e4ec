/**
 * Search inside talks (docs/api.md#search-inside-talks): the words on a talk's slides and its
 * name, subtitle, abstract and speakers, indexed in D1's full-text index (FTS5) folded as the
 * schedule's search folds text, so accents and case
 * never matter, and each word of a query matched as the start of a word of the slide, so a
 * singular finds its plurals ("réseau" finds "réseaux", "API" finds "APIs").
 */
import { normalizeForSearch } from "./schedule-search";

/** Words shorter than this match too much to mean anything ("a", "à", "l" of "l'API"). */
export const MIN_SLIDE_SEARCH_WORD_LENGTH = 2;
/** A query's words past this many are ignored: each one is a lookup in the index. */
export const MAX_SLIDE_SEARCH_WORDS = 8;
/**
 * A search reads at most this many matching pages of its event (5 % of a 1,000-talk event's
 * 40,000), in the order they were indexed: a word on more pages than that says little about any
 * one talk, and reading every page of "de" cost 150 ms where the target is 50 ms at p99. The
 * answer then says it is not complete. Other events' pages are never read nor counted: the index
 * matches the event's id with the words (slideEventMatchExpression).
 */
export const MAX_SLIDE_SEARCH_PAGES = 2_000;

/**
 * A talk found by a search: on its slides (the first page that has every word, and when the
 * video shows it), or else by its name, subtitle, abstract or speakers (page and second null).
 */
export interface SlideHit {
  presentationId: number;
  /** 1-based page of the deck; null for a talk found by its name, subtitle, abstract or speakers. */
  page: number | null;
  /** The second of the video it is first shown at; null for slides without a video, or a page never shown. */
  second: number | null;
}

/** A slide's text as the index keeps it: folded, one space between words. */
export function slideIndexText(text: string): string {
  return normalizeForSearch(text).replace(/\s+/g, " ").trim();
}

/**
 * The FTS5 MATCH expression of a query: its folded words, each a quoted prefix (`"reseau"*`),
 * all of them required; null when no word is long enough. Words are cut where the index's
 * tokenizer (unicode61) cuts them, at anything but a letter or a digit, so no character of the
 * query reaches FTS5's own syntax.
 */
export function slideMatchExpression(query: string): string | null {
  const words = normalizeForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_SLIDE_SEARCH_WORD_LENGTH)
    .slice(0, MAX_SLIDE_SEARCH_WORDS);
  return words.length === 0 ? null : words.map((word) => `"${word}"*`).join(" ");
}

/**
 * The FTS5 MATCH expression of a search inside one event's slides: `words` (an expression of
 * slideMatchExpression's) on the index's text column, and the event's id on its event column,
 * so the index itself keeps the event's pages only and a search's cap on pages read counts
 * those. The id is the server's, a number; the caller's words reach the index only through
 * slideMatchExpression, and only its text column (a word "42" never matches an event).
 */
export function slideEventMatchExpression(eventId: number, words: string): string {
  if (!Number.isSafeInteger(eventId) || eventId < 0) throw new RangeError(`not an event id: ${eventId}`);
  return `event_id : "${eventId}" AND text : (${words})`;
}
