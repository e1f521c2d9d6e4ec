import { formatShortDateRange } from "@core/schedule/format-dates";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useTranslation } from "react-i18next";
import { EventLogo } from "../../components/event-logo";
import { CalendarIcon, PinIcon } from "../../components/icons";
import styles from "./event-brand.module.css";

/** Logo (110x100), name, dates and venue at the head of the sidebar (spec §2, §9). */
export function EventBrand({ event, headingLevel }: { event: PublicEvent; headingLevel: "h1" | "p" }) {
  const { t, i18n } = useTranslation("event-shell");
  const Name = headingLevel;
  return (
    <div className={styles.brand}>
      <EventLogo src={event.logo} name={event.name} width={110} height={100} />
      <Name className={styles.name} data-testid={headingLevel === "h1" ? "event-name" : undefined}>
        {event.name}
      </Name>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className="visually-hidden">{t("event.dates")}</dt>
          <CalendarIcon className={styles.factIcon} />
          <dd>{formatShortDateRange(event.start, event.end, i18n.language)}</dd>
        </div>
        {event.venue ? (
          <div className={styles.fact}>
            <dt className="visually-hidden">{t("event.venue")}</dt>
            <PinIcon className={styles.factIcon} />
            <dd>{event.venue}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
