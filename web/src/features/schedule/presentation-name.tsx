import { truncateName } from "@core/schedule/truncate";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./presentation-card.module.css";

/** The card's title; on mobile a long one is cut (spec §9) and a tap shows it whole. */
export function PresentationName({ id, name, shorten }: { id: string; name: string; shorten: boolean }) {
  const { t } = useTranslation("schedule");
  const [whole, setWhole] = useState(false);
  const short = shorten ? truncateName(name) : name;
  if (short === name) {
    return (
      <h4 id={id} className={styles.name}>
        {name}
      </h4>
    );
  }
  return (
    <h4 id={id} className={styles.name}>
      {/* Assistive technology always gets the whole name; the button only changes what is drawn. */}
      <button
        type="button"
        className={styles.nameButton}
        aria-expanded={whole}
        title={whole ? undefined : t("name.show-full")}
        onClick={() => setWhole((shown) => !shown)}
        data-testid="name-toggle"
      >
        <span aria-hidden="true">{whole ? name : short}</span>
        <span className="visually-hidden">{name}</span>
      </button>
    </h4>
  );
}
