import type { PublicPresentation } from "@core/schedule/public-schedule";
import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import {
  ChatBubblesIcon,
  PlayCircleIcon,
  QuestionCircleIcon,
  SlidersIcon,
  TimetableIcon,
} from "../../components/icons";
import { useOpenQuiz } from "../../components/quiz/use-open-quiz";
import { canManageQuiz } from "../../lib/live-quiz-paths";
import { useRequestLogin } from "../../lib/login-request";
import { activeTab, type PresentationTab } from "./presentation-tab-rules";
import styles from "./presentation-tabs.module.css";
import { useQuizStatus } from "./use-quiz-status";

/**
 * The quiz top bar (spec §2): Quiz results (only when the presentation has results), Quiz,
 * Manage quiz (moderators and the presentation's own speaker), Forum (when the event has one),
 * Watch video (when there is a public video), and the page's own actions such as Save. The quiz
 * tabs need a login: an anonymous visitor gets the login overlay and comes back here after.
 */
export function PresentationTabs({
  slug,
  presentation,
  actions,
}: {
  slug: string;
  presentation: PublicPresentation;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("schedule");
  const { event } = useEventSchedule();
  const [session] = useSession(slug);
  const { pathname } = useLocation();
  const href = useHrefKeepingMode();
  const requestLogin = useRequestLogin();
  const base = `/${slug}/${presentation._id}`;
  const status = useQuizStatus(slug, presentation._id, event.quiz);
  const quiz = useOpenQuiz(presentation._id, base, href);
  const current = activeTab(pathname, base);

  const tab = (key: PresentationTab, label: string, icon: ReactNode, target: string, needsLogin: boolean) => {
    const common = {
      className: styles.tab,
      "aria-current": current === key ? ("page" as const) : undefined,
      "data-testid": `tab-${key}`,
    };
    if (needsLogin && !session) {
      return (
        <button type="button" {...common} onClick={() => requestLogin(href(target))}>
          {icon}
          {label}
        </button>
      );
    }
    return (
      <AppLink {...common} href={href(target)}>
        {icon}
        {label}
      </AppLink>
    );
  };

  const tabs: { key: PresentationTab; node: ReactNode }[] = [];
  if (event.quiz && status?.has_results)
    tabs.push({
      key: "quiz-results",
      node: tab("quiz-results", t("action.quiz-results"), <TimetableIcon />, `${base}/quiz-results`, true),
    });
  // A talk without visible questions has no quiz to play: no QUIZ button (Manage quiz stays).
  if (event.quiz && status?.has_questions) {
    tabs.push({
      key: "quiz",
      node: session ? (
        <button
          type="button"
          className={styles.tab}
          aria-current={current === "quiz" ? "page" : undefined}
          onClick={quiz.open}
          disabled={quiz.checking}
          data-testid="tab-quiz"
        >
          <QuestionCircleIcon />
          {t("action.quiz")}
        </button>
      ) : (
        tab("quiz", t("action.quiz"), <QuestionCircleIcon />, `${base}/quiz`, true)
      ),
    });
  }
  if (event.quiz && session && canManageQuiz(session.user, presentation))
    tabs.push({
      key: "manage-quiz",
      node: tab("manage-quiz", t("action.manage-quiz"), <SlidersIcon />, `${base}/quiz-moderator`, true),
    });
  if (event.forum)
    tabs.push({ key: "forum", node: tab("forum", t("action.forum"), <ChatBubblesIcon />, `${base}/forum`, false) });
  if (presentation.publicVideo)
    tabs.push({ key: "watch", node: tab("watch", t("action.watch-video"), <PlayCircleIcon />, base, false) });

  if (tabs.length === 0 && !actions) return null;
  return (
    <nav className={styles.bar} aria-label={t("tabs.label")} data-testid="presentation-tabs">
      <ul className={styles.tabs}>
        {tabs.map(({ key, node }) => (
          <li key={key}>{node}</li>
        ))}
      </ul>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </nav>
  );
}
