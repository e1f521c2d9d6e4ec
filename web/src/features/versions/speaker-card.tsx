import type { PublicPresentation } from "@core/schedule/public-schedule";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { Avatar } from "../../components/avatar";
import { ArrowLeftIcon, BroadcastIcon, PlayCircleIcon, VideoCameraIcon } from "../../components/icons";
import { PageTab, PageTabList } from "../../components/tabs";
import { TalkWhenWhere } from "../../components/talk-when-where";
import { useRoomVisio } from "../../lib/use-room-visio";
import styles from "./versions-page.module.css";

/** Spec §9 speaker pictures are 76 px; the card's is smaller (`--avatar-size` on a phone). */
const SPEAKER_PICTURE_PX = 76;

/**
 * Spec §2 video versions page's "sidebar": welcome with the speaker's name and picture, the talk's
 * title, date and room, the back link, and the tabs. It is a card across the top of the page, not a
 * second column beside the event's sidebar (which squeezed the versions), and a compact one on a
 * phone. Its tabs are the talk page's page tabs; Record video and Live stream are the spec's
 * external pages, loaded in the same window; Live stream is off, saying why, when the room has no visio.
 */
export function SpeakerCard({
  slug,
  presentation,
  user,
  token,
  visioEnabled,
}: {
  slug: string;
  presentation: PublicPresentation;
  user: { id: number; name: string; picture: string | null };
  token: string;
  visioEnabled: boolean;
}) {
  const { t, i18n } = useTranslation("versions");
  const href = useHrefKeepingMode();
  const id = presentation._id;
  const recordPath = `/visio/record/${slug}/${id}/${user.id}/${i18n.language}/${encodeURIComponent(token)}`;
  // The room's switch, asked as the spec does (GET /api/visio/room/{roomId}).
  const roomVisio = useRoomVisio(presentation.room_info?._id ?? null, token);
  const liveOpen = visioEnabled || roomVisio === true;

  return (
    <section className={styles.card} aria-label={t("sidebar.label")} data-testid="speaker-card">
      <AppLink className={styles.back} href={href(`/${slug}/my-presentations`)} data-testid="versions-back">
        <ArrowLeftIcon />
        {t("sidebar.back")}
      </AppLink>
      <div className={styles.welcome}>
        <Avatar name={user.name} src={user.picture} size={SPEAKER_PICTURE_PX} />
        <p>{t("sidebar.welcome", { name: user.name })}</p>
      </div>
      <div className={styles.talk}>
        <h1 className={styles.talkName}>{presentation.name}</h1>
        <ul className={styles.facts}>
          <TalkWhenWhere presentation={presentation} when="date-and-time" iconClassName={styles.factIcon} />
        </ul>
      </div>
      <nav className={styles.tabs} aria-label={t("page.title")}>
        <PageTabList shareWidthOnPhone>
          <li>
            <PageTab current={false} icon={<VideoCameraIcon />} href={recordPath} reload testId="tab-record">
              {t("tab.record")}
            </PageTab>
          </li>
          <li>
            {liveOpen ? (
              <PageTab
                current={false}
                icon={<BroadcastIcon />}
                href={`/visio/${id}/${user.id}`}
                reload
                testId="tab-live"
              >
                {t("tab.live")}
              </PageTab>
            ) : (
              <PageTab
                current={false}
                icon={<BroadcastIcon />}
                disabledReason={t("tab.live.disabled")}
                testId="tab-live"
              >
                {t("tab.live")}
              </PageTab>
            )}
          </li>
          <li>
            <PageTab
              current
              icon={<PlayCircleIcon />}
              href={href(`/${slug}/my-presentations/${id}/videos`)}
              testId="tab-videos"
            >
              {t("tab.videos")}
            </PageTab>
          </li>
        </PageTabList>
      </nav>
    </section>
  );
}
