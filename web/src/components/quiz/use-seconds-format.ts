import { useTranslation } from "react-i18next";

/** Spec §4: a player's timer reads in seconds with one decimal, in the reader's number format (12.3 / 12,3). */
export function useSecondsFormat(): (milliseconds: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (milliseconds) => format.format(milliseconds / 1000);
}
