import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import { SYNOPSIS_BREAKPOINT_PX } from "@core/schedule/synopsis-constants";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import buttons from "../../components/button.module.css";
import { ChatBubblesIcon, CloseIcon, QuestionCircleIcon } from "../../components/icons";
import styles from "./synopsis-card.module.css";

/** Space kept between the popover, its card and the window's edges, in px. */
const POPOVER_GAP_PX = 8;

/**
 * Places an opened card's popover beside its card, as a calendar does: right of it when there is
 * room, else left of it, its top level with the card's and kept inside the window. Under the
 * synopsis breakpoint the stylesheet makes it a bottom sheet instead. Follows the card on scroll.
 */
function usePopoverBesideCard(content: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const popover = content.current?.parentElement;
    const card = popover?.parentElement;
    if (!popover || !card) return;
    const place = () => {
      if (window.innerWidth < SYNOPSIS_BREAKPOINT_PX) {
        popover.style.removeProperty("left");
        popover.style.removeProperty("top");
        return;
      }
      const rect = card.getBoundingClientRect();
      const { offsetWidth: width, offsetHeight: height } = popover;
      const room = window.innerWidth - POPOVER_GAP_PX;
      let left = rect.right + POPOVER_GAP_PX;
      if (left + width > room) left = rect.left - width - POPOVER_GAP_PX;
      if (left < POPOVER_GAP_PX) left = Math.max(POPOVER_GAP_PX, Math.min(rect.left, room - width));
      const top = Math.max(POPOVER_GAP_PX, Math.min(rect.top, window.innerHeight - height - POPOVER_GAP_PX));
      popover.style.left = `${left}px`;
      popover.style.top = `${top}px`;
    };
    place();
    window.addEventListener("scroll", place, { passive: true, capture: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
    };
  }, [content]);
}

/**
 * An opened synopsis card, in its popover: the full name, the time, date and room, every speaker,
 * the type and association, FORUM and QUIZ when the event has both (keeping the page's query;
 * anonymous visitors are asked to log in first), and the my-schedule button.
 */
export function SynopsisCardDetails({
  popoverId,
  presentation,
  time,
  slug,
  forumAndQuiz,
  loggedIn,
  onLoginRequired,
  calendarToggle,
}: {
  /** The id of the popover these details are drawn in, which the close button hides. */
  popoverId: string;
  presentation: PublicPresentation;
  /** "HH:mm–HH:mm" */
  time: string;
  slug: string;
  forumAndQuiz: boolean;
  loggedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
  calendarToggle: ReactNode;
}) {
  const { t, i18n } = useTranslation("synopsis");
  const href = useHrefKeepingMode();
  const content = useRef<HTMLDivElement>(null);
  usePopoverBesideCard(content);
  const { room_info, type_info, association_info } = presentation;
  const link = (path: string, label: string, icon: ReactNode, testId: string) =>
    loggedIn ? (
      <AppLink className={styles.action} href={href(path)} data-testid={testId}>
        {icon}
        {label}
      </AppLink>
    ) : (
      <button type="button" className={styles.action} onClick={() => onLoginRequired(href(path))} data-testid={testId}>
        {icon}
        {label}
      </button>
    );
  const speakers =
    presentation.speakers.length > 0
      ? presentation.speakers
      : presentation.speaker_info
        ? [presentation.speaker_info]
        : [];

  return (
    <div ref={content} className={styles.details} data-testid="synopsis-card-details">
      <div className={styles.detailsHead}>
        <h4 className={styles.detailsName}>{presentation.name}</h4>
        <button
          type="button"
          className={`${buttons.icon} ${styles.close}`}
          aria-label={t("card.close")}
          popoverTarget={popoverId}
          popoverTargetAction="hide"
          data-testid="synopsis-card-close"
        >
          <CloseIcon />
        </button>
      </div>
      <p className={styles.when}>
        <span className={styles.whenDate}>{formatLongDate(presentation.date, i18n.language)}</span>
        <span className={styles.whenTime}>{time}</span>
      </p>
      <dl className={styles.facts}>
        {room_info ? (
          <div>
            <dt>{t("card.room")}</dt>
            <dd>{room_info.name}</dd>
          </div>
        ) : null}
        {speakers.length > 0 ? (
          <div>
            <dt>{t(speakers.length > 1 ? "card.speakers" : "card.speaker")}</dt>
            <dd>{speakers.map(speakerName).join(", ")}</dd>
          </div>
        ) : null}
        {type_info ? (
          <div>
            <dt>{t("card.type")}</dt>
            <dd>{type_info.name}</dd>
          </div>
        ) : null}
        {association_info ? (
          <div>
            <dt>{t("card.association")}</dt>
            <dd>{association_info.name}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {forumAndQuiz ? (
          <>
            {link(`/${slug}/${presentation._id}/forum`, t("card.forum"), <ChatBubblesIcon />, "synopsis-forum")}
            {/* Spec §2 Synopsis: the expanded card's QUIZ leads to the quiz-moderator module. */}
            {link(
              `/${slug}/${presentation._id}/quiz-moderator`,
              t("card.quiz"),
              <QuestionCircleIcon />,
              "synopsis-quiz",
            )}
          </>
        ) : null}
        {calendarToggle}
      </div>
    </div>
  );
}
