import type { EventTheme } from "@core/schedule/event-theme";
import { formatLongDate } from "@core/schedule/format-dates";
import { formatMinutes } from "@core/schedule/time-of-day";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { ArrowLeftIcon } from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import styles from "./recorder.module.css";
import { RecorderPanel, type TakeSaver } from "./recorder-panel";

export interface RecordedTalk {
  name: string;
  date: string;
  time: number;
  end_time: number;
}

/** Spec 1 `/visio/record/…`: the talk, a way back to its videos, and the recorder. */
export function RecorderPage({
  talk,
  backHref,
  saver,
  theme,
}: {
  talk: RecordedTalk;
  backHref: string;
  saver: TakeSaver;
  /** The event's colours, once its basics are in. */
  theme?: EventTheme;
}) {
  const { t, i18n } = useTranslation("live");
  return (
    <div className={styles.page} style={theme}>
      <header className={styles.bar}>
        {/* A whole page load: leaving gives the camera and the screen back at once. */}
        <ButtonLink variant="ghost" external href={backHref} icon={<ArrowLeftIcon />} data-testid="recorder-back">
          {t("recorder.back")}
        </ButtonLink>
        <LocaleSwitcher />
      </header>
      <main className={styles.main}>
        <h1 className={styles.talk}>{talk.name}</h1>
        <p className={styles.meta}>
          {formatLongDate(talk.date, i18n.language)}, {formatMinutes(talk.time)}–{formatMinutes(talk.end_time)}
        </p>
        <RecorderPanel saver={saver} />
      </main>
    </div>
  );
}
