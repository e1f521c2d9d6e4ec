import { entryLeadsSomewhere, quizEntry } from "@core/quiz/quiz-entry";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { useHrefKeepingMode } from "../../components/app-link";
import {
  ChatBubblesIcon,
  PlayCircleIcon,
  QuestionCircleIcon,
  SlidersIcon,
  TimetableIcon,
} from "../../components/icons";
import { useQuizEntryText } from "../../components/quiz/use-quiz-entry-text";
import { PageTab, PageTabList } from "../../components/tabs";
import { canManageQuiz, quizEntryPath } from "../../lib/live-quiz-paths";
import { useRequestLogin } from "../../lib/login-request";
import { useQuizStatus } from "../../lib/use-quiz-status";
import { activeTab, type PresentationTab } from "./presentation-tab-rules";
import styles from "./presentation-tabs.module.css";

/**
 * The quiz top bar (spec §2): Quiz results (only when the presentation has results), Quiz,
 * Manage quiz (moderators and the presentation's own speaker), Forum (when the event has one),
 * Watch video (when there is a public video), and the page's own actions such as Save. The quiz
 * tabs need a login: an anonymous visitor gets the login overlay and comes back here after.
 * Quiz is a way in only when it leads somewhere now, as on the schedule's cards; otherwise it
 * says what and when ("No quiz yet", "Live quiz during the talk", "Quiz from 10:00").
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
  const status = useQuizStatus(presentation._id, event.quiz);
  const entry = status ? quizEntry(status) : null;
  const entryText = useQuizEntryText();
  const current = activeTab(pathname, base);

  const tab = (key: PresentationTab, label: string, icon: ReactNode, target: string, needsLogin: boolean) => {
    const common = { current: current === key, icon, testId: `tab-${key}` };
    return needsLogin && !session ? (
      <PageTab {...common} onPress={() => requestLogin(href(target))}>
        {label}
      </PageTab>
    ) : (
      <PageTab {...common} href={href(target)}>
        {label}
      </PageTab>
    );
  };

  const tabs: { key: PresentationTab; node: ReactNode }[] = [];
  if (event.quiz && status?.has_results)
    tabs.push({
      key: "quiz-results",
      node: tab("quiz-results", t("action.quiz-results"), <TimetableIcon />, `${base}/quiz-results`, true),
    });
  if (event.quiz && entry) {
    tabs.push({
      key: "quiz",
      node: entryLeadsSomewhere(entry) ? (
        tab("quiz", t("action.quiz"), <QuestionCircleIcon />, quizEntryPath(base, entry), true)
      ) : (
        <span className={styles.tabNote} data-entry={entry.kind} data-testid="tab-quiz-note">
          <QuestionCircleIcon />
          {entryText(entry)}
        </span>
      ),
    });
  }
  if (event.quiz && session && canManageQuiz(session.user, presentation))
    tabs.push({
      key: "manage-quiz",
      node: tab("manage-quiz", t("action.manage-quiz"), <SlidersIcon />, `${base}/quiz-moderator`, true),
    });
  if (event.forum)
    tabs.push(
      { key: "forum", node: tab("forum", t("action.forum"), <ChatBubblesIcon />, `${base}/forum`, false) },
      // Audience Q&A rides on the forum (docs/qa.md): on where the forum is.
      {
        key: "questions",
        node: tab("questions", t("action.questions"), <QuestionCircleIcon />, `${base}/questions`, false),
      },
    );
  if (presentation.publicVideo)
    tabs.push({ key: "watch", node: tab("watch", t("action.watch-video"), <PlayCircleIcon />, base, false) });

  if (tabs.length === 0 && !actions) return null;
  return (
    <nav className={styles.bar} aria-label={t("tabs.label")} data-testid="presentation-tabs">
      <PageTabList>
        {tabs.map(({ key, node }) => (
          <li key={key}>{node}</li>
        ))}
      </PageTabList>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </nav>
  );
}
