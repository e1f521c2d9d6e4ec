import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { ChatBubblesIcon, QuestionCircleIcon } from "../../components/icons";
import styles from "./synopsis-card.module.css";

/**
 * What an opened synopsis card adds: the date, room and every speaker, FORUM and QUIZ when the
 * event has both (keeping the page's query; anonymous visitors are asked to log in first), and the
 * my-schedule button.
 */
export function SynopsisCardDetails({
  id,
  presentation,
  slug,
  forumAndQuiz,
  loggedIn,
  onLoginRequired,
  calendarToggle,
}: {
  id: string;
  presentation: PublicPresentation;
  slug: string;
  forumAndQuiz: boolean;
  loggedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
  calendarToggle: ReactNode;
}) {
  const { t, i18n } = useTranslation("synopsis");
  const href = useHrefKeepingMode();
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

  return (
    <div id={id} className={styles.details} data-testid="synopsis-card-details">
      <dl className={styles.facts}>
        <div>
          <dt>{t("card.date")}</dt>
          <dd>{formatLongDate(presentation.date, i18n.language)}</dd>
        </div>
        {presentation.room_info ? (
          <div>
            <dt>{t("card.room")}</dt>
            <dd>{presentation.room_info.name}</dd>
          </div>
        ) : null}
        {presentation.speakers.length > 1 ? (
          <div>
            <dt>{t("card.speakers")}</dt>
            <dd>{presentation.speakers.map(speakerName).join(", ")}</dd>
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
