/**
 * The language a deck is written in, told by its most common short words, so a chapter the
 * processor names itself (a live demo) is named in the speaker's language. The processor is
 * not told the event's locale; a deck with too few words to tell gets the app's default, French.
 */
export type DeckLanguage = "fr" | "en";

const FRENCH = new Set(
  "le la les des du un une et est sont pour avec dans sur par pas que qui ce cette nous vous au aux ou en".split(" "),
);
const ENGLISH = new Set(
  "the an and is are for with in by not that which this we you to of or it be as at from".split(" "),
);
/** Fewer function words than this (both languages together) and the deck says nothing. */
const MIN_WORDS = 5;

export function deckLanguage(texts: readonly string[], fallback: DeckLanguage = "fr"): DeckLanguage {
  let french = 0;
  let english = 0;
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}']+/u)) {
      if (FRENCH.has(word)) french++;
      if (ENGLISH.has(word)) english++;
    }
  }
  if (french + english < MIN_WORDS) return fallback;
  return english > french ? "en" : "fr";
}

/** The title of a stretch showing no slide (a live demo: a terminal, a browser). */
export const DEMO_TITLES: Record<DeckLanguage, string> = { fr: "Démo", en: "Demo" };
