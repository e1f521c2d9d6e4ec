import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ordinalCategory } from "../../lib/ordinal";

/** A rank with its ordinal suffix in the reader's language: 1st, 2nd, 3rd, 4th; 1er, 2e. */
export function useRankText(): (rank: number) => string {
  const { t, i18n } = useTranslation("quiz");
  return useCallback((rank: number) => t(`rank.${ordinalCategory(rank, i18n.language)}`, { rank }), [t, i18n.language]);
}
