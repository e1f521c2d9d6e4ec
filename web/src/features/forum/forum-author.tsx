import type { ForumUser } from "@core/forum/changes";
import { authorBadge } from "@core/forum/rules";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { formatDateTime } from "../../lib/date-time-format";
import styles from "./forum-panel.module.css";
import { timeAgo } from "./relative-time";

/** "il y a 3 minutes" / "3 minutes ago", the full date and time on hover. */
function RelativeTime({ at, now }: { at: number; now: number }) {
  const { t, i18n } = useTranslation("forum");
  const ago = timeAgo(at, now);
  const text = ago
    ? new Intl.RelativeTimeFormat(i18n.language, { numeric: "auto" }).format(ago.value, ago.unit)
    : t("time.just-now");
  const full = formatDateTime(new Date(at), i18n.language);
  return (
    <time className={styles.time} dateTime={new Date(at).toISOString()} title={full}>
      {text}
    </time>
  );
}

/**
 * Who wrote a post or reply, with their Moderator or Speaker badge, the association they speak
 * for (spec §2: posts are badged Moderator, Speaker or Association), and when.
 */
export function ForumAuthor({
  user,
  createdAt,
  now,
  pictureSize,
}: {
  user: ForumUser;
  createdAt: number;
  now: number;
  pictureSize: number;
}) {
  const { t } = useTranslation("forum");
  const badge = authorBadge({ isModerator: user.is_moderator, isSpeaker: user.is_speaker });
  const name = user.deleted ? t("author.deleted") : user.name;
  return (
    <div className={styles.author}>
      <Avatar name={name} src={user.photo} size={pictureSize} />
      <p className={styles.byline}>
        <span className={styles.authorName} data-testid="forum-author" data-deleted={user.deleted ? "" : undefined}>
          {name}
        </span>
        {badge ? (
          <span className={styles.badge} data-badge={badge} data-testid="forum-badge">
            {t(badge === "moderator" ? "badge.moderator" : "badge.speaker")}
          </span>
        ) : null}
        {user.association ? (
          <span
            className={styles.badge}
            data-badge="association"
            title={t("badge.association")}
            data-testid="forum-association-badge"
          >
            <span className="visually-hidden">{`${t("badge.association")}, `}</span>
            {user.association}
          </span>
        ) : null}
        <RelativeTime at={createdAt} now={now} />
      </p>
    </div>
  );
}
