import { normalizeForSearch } from "@core/schedule/schedule-search";
import {
  MAX_SLIDE_SEARCH_WORDS,
  slideEventMatchExpression,
  slideIndexText,
  slideMatchExpression,
} from "@core/schedule/slide-search";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("search inside talks: the index's text and the query", () => {
  it("folds a slide's text as the schedule's search folds it, on one line", () => {
    expect(slideIndexText("Sécurité  des\nRÉSEAUX")).toBe("securite des reseaux");
  });

  it("asks for every folded word as the start of a word, so a singular finds its plurals", () => {
    expect(slideMatchExpression("Réseau  sécurité")).toBe('"reseau"* "securite"*');
  });

  it("cuts words where the index's tokenizer does and drops one-letter words", () => {
    expect(slideMatchExpression("l'IA à Paris-Saclay")).toBe('"ia"* "paris"* "saclay"*');
    expect(slideMatchExpression("à a ' - ")).toBeNull();
    expect(slideMatchExpression("")).toBeNull();
  });

  it("never lets a character of the query reach FTS5's syntax, and asks for at most 8 words", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const expression = slideMatchExpression(query);
        if (expression === null) return;
        const terms = expression.split(" ");
        expect(terms.length).toBeLessThanOrEqual(MAX_SLIDE_SEARCH_WORDS);
        for (const term of terms) expect(term).toMatch(/^"[\p{L}\p{N}]{2,}"\*$/u);
        // Each term is a folded word of the query: the index, folded alike, holds it as written.
        for (const term of terms) expect(normalizeForSearch(query)).toContain(term.slice(1, -2));
      }),
    );
  });

  it("searches one event's pages: its id on the event column, the words on the text column only", () => {
    const words = slideMatchExpression("Réseau neurones") as string;
    expect(slideEventMatchExpression(42, words)).toBe('event_id : "42" AND text : ("reseau"* "neurones"*)');
    // A query of numbers stays on the text: it never names an event.
    expect(slideEventMatchExpression(7, slideMatchExpression("42") as string)).toBe(
      'event_id : "7" AND text : ("42"*)',
    );
    for (const id of [Number.NaN, 1.5, -1, 2 ** 60]) expect(() => slideEventMatchExpression(id, words)).toThrow();
  });
});
