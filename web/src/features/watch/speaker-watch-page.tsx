import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { ArrowLeftIcon, BroadcastIcon, PlayCircleIcon, VideoCameraIcon } from "../../components/icons";
import { TalkWhenWhere } from "../../components/talk-when-where";
import { formatPlayTime } from "../../components/video/play-time";
import { formatLongDay } from "../../lib/date-time-format";
import { useWatchVideo } from "./use-watch-video";
import { fetchSpeakerVersion } from "./watch-api";
import styles from "./watch-page.module.css";
import { WatchPlayer } from "./watch-player";
import { WatchState } from "./watch-states";

/** Spec §9: the older slider shows 6. */
const SLIDER_SLIDES = 6;

/**
 * Spec §2 speaker version watch page, in the public page's theater layout: the version's video
 * with its webcam, slides, duration and date across the page, then the talk (title, date, time
 * range, room) with the back links to my presentations and to the videos page, and the nav
 * Record Video (disabled here), Live Stream and My Videos; 'No video' when it has none, a retry
 * when loading fails. The event's logo and name are the shell's.
 */
export function SpeakerWatchPage({
  event,
  presentation,
  versionId,
  token,
  userId,
}: {
  event: PublicEvent;
  presentation: PublicPresentation;
  versionId: string;
  token: string;
  userId: number;
}) {
  const { t, i18n } = useTranslation(["watch", "versions"]);
  const href = useHrefKeepingMode();
  const id = presentation._id;
  const { state, retry } = useWatchVideo(
    (signal) => fetchSpeakerVersion(id, versionId, token, signal),
    `${id}:${versionId}`,
  );
  const [broken, setBroken] = useState(false);
  const videosPath = href(`/${event.slug}/my-presentations/${id}/videos`);
  const created = (date: string) => formatLongDay(new Date(date), i18n.language, event.timeZone);

  return (
    <div className={styles.page} data-page-width="full" data-testid="speaker-watch-page">
      <section className={styles.theater} aria-label={t("watch:player.label")}>
        {state.kind === "ready" && state.video.video && !broken ? (
          <>
            <WatchPlayer
              video={{ ...state.video, video: state.video.video }}
              visibleSlides={SLIDER_SLIDES}
              onError={() => setBroken(true)}
            />
            <p className={styles.meta}>
              <span data-testid="watch-duration">
                {t("watch:speaker.duration", { duration: formatPlayTime(state.video.duration ?? 0) })}
              </span>
              <span data-testid="watch-date">{t("watch:speaker.date", { date: created(state.video.date) })}</span>
            </p>
          </>
        ) : (
          <WatchState
            kind={broken ? "failed" : state.kind === "ready" ? "none" : state.kind}
            onRetry={() => {
              setBroken(false);
              retry();
            }}
          />
        )}
      </section>
      <section className={styles.about} aria-label={t("watch:sidebar.label")}>
        <div className={styles.backLinks}>
          <AppLink className={styles.back} href={href(`/${event.slug}/my-presentations`)} data-testid="watch-back">
            <ArrowLeftIcon />
            {t("watch:speaker.back")}
          </AppLink>
          <AppLink className={styles.back} href={videosPath} data-testid="watch-back-videos">
            <ArrowLeftIcon />
            {t("watch:speaker.back-videos")}
          </AppLink>
        </div>
        <h1 className={styles.talkName} data-testid="presentation-name">
          {presentation.name}
        </h1>
        <ul className={styles.facts}>
          <TalkWhenWhere presentation={presentation} when="date-and-time" iconClassName={styles.factIcon} />
        </ul>
      </section>
      <nav className={`${styles.side} ${styles.sideActions}`} aria-label={t("watch:speaker.nav")}>
        <ul className={styles.nav}>
          <li>
            <button type="button" className={styles.navItem} disabled data-testid="watch-nav-record">
              <VideoCameraIcon />
              {t("versions:tab.record")}
            </button>
          </li>
          <li>
            <a className={styles.navItem} href={`/visio/${id}/${userId}`} data-testid="watch-nav-live">
              <BroadcastIcon />
              {t("versions:tab.live")}
            </a>
          </li>
          <li>
            <AppLink className={styles.navItem} href={videosPath} data-testid="watch-nav-videos">
              <PlayCircleIcon />
              {t("versions:tab.videos")}
            </AppLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
