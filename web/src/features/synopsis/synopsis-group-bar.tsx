import type { SynopsisGroup } from "@core/schedule/synopsis-layout";
import { formatMinutes } from "@core/schedule/time-of-day";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import styles from "./synopsis-group-bar.module.css";

/** At most this many pictures are stacked on a bar; the count says the rest. */
const STACKED_PICTURES = 4;

/**
 * An 'N Presentations' bar (spec §2 Synopsis): the count, then the time and the stacked speaker
 * pictures where the bar has room for them; a click opens the group.
 */
export const SynopsisGroupBar = memo(function SynopsisGroupBar({
  group,
  onOpen,
}: {
  group: SynopsisGroup;
  onOpen: (group: SynopsisGroup) => void;
}) {
  const { t } = useTranslation("synopsis");
  const pictured = group.presentations.flatMap((presentation) =>
    presentation.speaker_info ? [{ key: presentation._id, speaker: presentation.speaker_info }] : [],
  );
  const count = group.presentations.length;
  const time = `${formatMinutes(group.start)}–${formatMinutes(group.end)}`;
  return (
    <button
      type="button"
      className={styles.bar}
      title={`${t("group.count", { count })}\n${time}`}
      aria-haspopup="dialog"
      onClick={() => onOpen(group)}
      data-testid="synopsis-group"
    >
      <span className={styles.pictures} aria-hidden="true">
        {pictured.slice(0, STACKED_PICTURES).map(({ key, speaker }) => (
          <span key={key} className={styles.picture}>
            <Avatar name={`${speaker.firstName} ${speaker.lastName}`} src={speaker.picture} size={28} />
          </span>
        ))}
      </span>
      {/* The name is the visible text itself (what speech input users say), with what it does. */}
      <span className={styles.text} data-testid="synopsis-group-text">
        <span className={styles.count}>{t("group.count", { count })}</span>
        <span className="visually-hidden">, </span>
        <span className={styles.time}>{time}</span>
        <span className="visually-hidden">{t("group.show-list")}</span>
      </span>
    </button>
  );
});
