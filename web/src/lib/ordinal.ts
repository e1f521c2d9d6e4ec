/** The ordinal plural categories that rank texts are translated for (CLDR: English uses all four, French one and other). */
type OrdinalCategory = "one" | "two" | "few" | "other";

/**
 * Which ordinal form a rank takes in a language: English 1st, 2nd, 3rd, 4th, 11th, 21st;
 * French 1er, then 2e, 3e… Categories a language lacks (zero, many) read as `other`.
 */
export function ordinalCategory(rank: number, language: string): OrdinalCategory {
  const category = new Intl.PluralRules(language, { type: "ordinal" }).select(rank);
  return category === "one" || category === "two" || category === "few" ? category : "other";
}
