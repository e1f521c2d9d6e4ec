import { useCallback } from "react";
import { useTranslation } from "react-i18next";

type OrdinalKey = "rank.one" | "rank.two" | "rank.few" | "rank.other";

/** A rank with its ordinal suffix in the reader's language: 1st, 2nd, 3rd, 4th; 1er, 2e. */
export function useRankText(): (rank: number) => string {
  const { t, i18n } = useTranslation("quiz");
  return useCallback(
    (rank: number) => {
      const category = new Intl.PluralRules(i18n.language, { type: "ordinal" }).select(rank);
      const key: OrdinalKey =
        category === "one" || category === "two" || category === "few" ? `rank.${category}` : "rank.other";
      return t(key, { rank });
    },
    [t, i18n.language],
  );
}
