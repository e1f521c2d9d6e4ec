import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { LOCALES, localeAtom } from "../lib/locale";
import styles from "./locale-switcher.module.css";

/** FR | EN segmented switch; the choice is kept in local storage by the locale atom. */
export function LocaleSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useAtom(localeAtom);
  return (
    <fieldset className={[styles.switcher, className].filter(Boolean).join(" ")}>
      <legend className="visually-hidden">{t("locale.switcher")}</legend>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={styles.option}
          aria-pressed={locale === code}
          title={t(`locale.${code}`)}
          data-testid={`locale-${code}`}
          onClick={() => setLocale(code)}
        >
          <span aria-hidden="true">{code.toUpperCase()}</span>
          <span className="visually-hidden">{t(`locale.${code}`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
