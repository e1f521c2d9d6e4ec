/**
 * The language a deck is written in, told by its most common short words, so a chapter the
 * processor names itself (a live demo) is named in the speaker's language. A deck of keywords
 * (few such words) is told by its accents: French text has some in nearly every sentence
 * (é, è, à, ç…), English none. The processor is not told the event's locale; a deck with too
 * little text to tell gets the app's default, French.
 */
export type DeckLanguage = "fr" | "en";

const FRENCH = new Set(
  "le la les des du un une et est sont pour avec dans sur par pas que qui ce cette nous vous au aux ou en".split(" "),
);
const ENGLISH = new Set(
  "the an and is are for with in by not that which this we you to of or it be as at from".split(" "),
);
/** Fewer function words than this (both languages together) and the accents decide. */
const MIN_WORDS = 5;
/** Fewer letters than this and the deck says nothing. */
const MIN_LETTERS = 100;
/** French text has 2–4 % of accented letters; a deck with fewer than this share is English. */
const FRENCH_ACCENT_SHARE = 0.005;
const ACCENTED = /[àâçéèêëîïôûùüÿœæ]/giu;

export function deckLanguage(texts: readonly string[], fallback: DeckLanguage = "fr"): DeckLanguage {
  let french = 0;
  let english = 0;
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}']+/u)) {
      if (FRENCH.has(word)) french++;
      if (ENGLISH.has(word)) english++;
    }
  }
  if (french + english >= MIN_WORDS) return english > french ? "en" : "fr";
  const text = texts.join(" ");
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return fallback;
  const accented = text.match(ACCENTED)?.length ?? 0;
  return accented >= FRENCH_ACCENT_SHARE * letters ? "fr" : "en";
}

/** The title of a stretch showing no slide (a live demo: a terminal, a browser). */
export const DEMO_TITLES: Record<DeckLanguage, string> = { fr: "Démo", en: "Demo" };
