import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/button";
import { ArrowLeftIcon, ChatBubblesIcon, EyeIcon, LoginIcon } from "../../components/icons";
import { RichHtml } from "../../components/rich-html";
import { TalkWhenWhere } from "../../components/talk-when-where";
import { useRequireLogin } from "../../lib/login-request";
import { useChaptersTrack } from "./use-chapters-track";
import { useWatchVideo } from "./use-watch-video";
import { viewerId } from "./viewer-id";
import { countPlay, fetchPlays, fetchPublicVideo } from "./watch-api";
import styles from "./watch-page.module.css";
import { WatchPlayer } from "./watch-player";
import { WatchQuizEntry } from "./watch-quiz-entry";
import { WatchState } from "./watch-states";

/** Spec §7: the plays call has an 8 s timeout; a failure reads 0. */
const PLAYS_TIMEOUT_MS = 8_000;
/** Spec §9: the video page's slide strip shows 3. */
const VIDEO_PAGE_SLIDES = 3;
const SPEAKER_PICTURE_PX = 76;

function usePlays(presentationId: number, password: string | null, enabled: boolean, counted: number) {
  const [plays, setPlays] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `counted` changes when this viewer's play was counted: read the total again
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, PLAYS_TIMEOUT_MS);
    fetchPlays(presentationId, password, abort.signal)
      .then(setPlays)
      .catch(() => {
        if (timedOut || !abort.signal.aborted) setPlays((current) => current ?? 0);
      })
      .finally(() => clearTimeout(timeout));
    return () => {
      clearTimeout(timeout);
      abort.abort();
    };
  }, [presentationId, password, enabled, counted]);
  return plays;
}

/**
 * Spec §2 public presentation video page, in a theater layout: the public video with its slides
 * across the page's width, then the talk (day and date, name, speakers, time and room, back to the
 * event home unless viewmode=videolanding, views), the forum toggle and panel and 'Login to access'
 * for anonymous visitors beside it, and the information or else the event's ad. The event's logo
 * and name are the shell's (once per page; the iframe layout hides them, as the spec asks).
 */
export function PublicVideoPage({
  event,
  presentation,
  password,
  token,
  viewmode,
  startAt,
  forum,
}: {
  event: PublicEvent;
  presentation: PublicPresentation;
  password: string | null;
  token: string | null;
  viewmode: "virtual" | "videolanding" | undefined;
  /** The second to start at (`?t=`, a search hit); else the talk's own start offset. */
  startAt?: number;
  forum: ReactNode;
}) {
  const { t, i18n } = useTranslation(["watch", "forum"]);
  const requireLogin = useRequireLogin();
  const id = presentation._id;
  const { state, retry } = useWatchVideo((signal) => fetchPublicVideo(id, password, signal), `${id}:${password}`);
  const ready = state.kind === "ready";
  const track = useChaptersTrack(id, password, token, ready && state.video.thumbnails.length > 0);
  const [countedPlays, setCountedPlays] = useState(0);
  const plays = usePlays(id, password, event.show_video_views, countedPlays);
  const [forumOpen, setForumOpen] = useState(false);
  // A video the browser could not play: the page says so and offers to load it again.
  const [broken, setBroken] = useState(false);

  const onFirstPlay = () => {
    countPlay(id, viewerId(), password, token ?? undefined)
      .then(() => setCountedPlays((value) => value + 1))
      .catch(() => undefined);
  };

  return (
    <div className={styles.page} data-page-width="full" data-testid="public-video-page">
      <section className={styles.theater} aria-label={t("watch:player.label")}>
        {ready && state.video.video && !broken ? (
          <WatchPlayer
            video={{ ...state.video, video: state.video.video }}
            visibleSlides={VIDEO_PAGE_SLIDES}
            chaptersTrackSrc={track}
            startAt={startAt ?? presentation.skip}
            onFirstPlay={onFirstPlay}
            onError={() => setBroken(true)}
          />
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
        {viewmode === "videolanding" ? null : (
          <Link
            to="/$slug"
            params={{ slug: event.slug }}
            search={(current) => current}
            className={styles.back}
            data-testid="back-to-event"
          >
            <ArrowLeftIcon />
            {t("forum:presentation.back")}
          </Link>
        )}
        {viewmode === "virtual" ? null : (
          <p className={styles.when}>
            <span className={styles.day}>{t("forum:presentation.day", { number: presentation.day })}</span>
            <span>{formatLongDate(presentation.date, i18n.language)}</span>
          </p>
        )}
        <h1 className={styles.talkName} data-testid="presentation-name">
          {presentation.name}
        </h1>
        {presentation.speakers.length > 0 ? (
          <ul className={styles.speakers} aria-label={t("forum:presentation.speakers")}>
            {presentation.speakers.map((speaker) => (
              <li key={speaker._id} className={styles.speaker}>
                <Avatar name={speakerName(speaker)} src={speaker.picture} size={SPEAKER_PICTURE_PX} />
                <span>{speakerName(speaker)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className={styles.facts}>
          <TalkWhenWhere
            presentation={presentation}
            when={viewmode === "virtual" ? "none" : "time"}
            iconClassName={styles.factIcon}
          />
          {event.show_video_views && plays !== null ? (
            <li data-testid="video-views">
              <EyeIcon className={styles.factIcon} />
              <span>{t("watch:sidebar.views", { count: plays })}</span>
            </li>
          ) : null}
        </ul>
      </section>
      {event.forum || event.quiz || token === null ? (
        <div className={styles.side}>
          <div className={styles.sideActions}>
            <WatchQuizEntry slug={event.slug} presentationId={id} quiz={event.quiz} signedIn={token !== null} />
            {event.forum ? (
              <Button
                block
                variant={forumOpen ? "secondary" : "primary"}
                onPress={() => setForumOpen((open) => !open)}
                aria-expanded={forumOpen}
                icon={<ChatBubblesIcon />}
                data-testid="forum-toggle"
              >
                {forumOpen ? t("watch:forum.close") : t("watch:forum.open")}
              </Button>
            ) : null}
            {token === null ? (
              <Button block onPress={() => requireLogin()} icon={<LoginIcon />} data-testid="watch-login">
                {t("forum:login")}
              </Button>
            ) : null}
          </div>
          {event.forum && forumOpen ? <div className={styles.forum}>{forum}</div> : null}
        </div>
      ) : null}
      {presentation.information || event.ad ? (
        <div className={styles.information}>
          <RichHtml html={presentation.information || event.ad || ""} />
        </div>
      ) : null}
    </div>
  );
}
