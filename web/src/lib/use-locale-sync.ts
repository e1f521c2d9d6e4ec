import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { localeAtom } from "./locale";
import { writeLocaleCookie } from "./locale-cookie";

/**
 * Keeps i18next, `<html lang>` and the locale cookie on the chosen locale, including a choice made
 * in another tab.
 */
export function useLocaleSync() {
  const locale = useAtomValue(localeAtom);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    writeLocaleCookie(locale);
  }, [locale, i18n]);
}
