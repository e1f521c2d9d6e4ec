import type { QaQuestion } from "@core/qa/changes";
import { answeredQuestions, openQuestions, ownPendingQuestions } from "@core/qa/qa-state";
import type { QaSort } from "@core/qa/rules";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useAtomValue } from "jotai";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ErrorState } from "../../components/error-state";
import { LoginIcon, PresentationIcon, QuestionCircleIcon } from "../../components/icons";
import { Tab, TabList, TabPanel, Tabs } from "../../components/tabs";
import { Toast } from "../../components/toast";
import { useRequireLogin } from "../../lib/login-request";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { QaComposer } from "./qa-composer";
import styles from "./qa-panel.module.css";
import { QaQuestionItem } from "./qa-question-item";
import { QaSettingsForm } from "./qa-settings-form";
import { useQa } from "./use-qa";

const ALERT_CLOSE_MS = 10_000;

type ListKey = "open" | "answered" | "queue" | "hidden";

function QuestionList({
  questions,
  empty,
  render,
  testId,
}: {
  questions: QaQuestion[];
  empty: string;
  render: (question: QaQuestion) => ReactNode;
  testId: string;
}) {
  if (questions.length === 0) return <EmptyState compact icon={<QuestionCircleIcon />} title={empty} />;
  return (
    <ol className={styles.list} data-testid={testId}>
      {questions.map(render)}
    </ol>
  );
}

function QaBody({
  slug,
  presentationId,
  event,
  token,
  password,
}: {
  slug: string;
  presentationId: number;
  event: PublicEvent;
  token: string | null;
  password: string | null;
}) {
  const { t } = useTranslation("qa");
  const errorText = useApiErrorText();
  const requireLogin = useRequireLogin();
  const titleId = useId();
  const loggedIn = token !== null;
  const canRead = loggedIn || event.allowAnonymousAccess;
  const qa = useQa(presentationId, { token, password }, canRead);
  const [sort, setSort] = useState<QaSort>("votes");
  const [tab, setTab] = useState<ListKey>("open");
  const [asked, setAsked] = useState(false);
  const list = qa.list;
  const canModerate = list?.can_moderate ?? false;
  const seesQueue = list?.sees_queue ?? false;
  const mayAskAnonymously = event.allowAnonymousAccess || qa.state.settings.allowAnonymous;
  const open = openQuestions(qa.state, sort);
  // The reader's own questions awaiting approval, first, to them alone (who sees the queue finds them there).
  const ownPending = seesQueue ? [] : ownPendingQuestions(qa.state);
  const answered = answeredQuestions(qa.state);
  const item = (question: QaQuestion) => (
    <QaQuestionItem
      key={question.id}
      question={question}
      canVote={loggedIn}
      canModerate={canModerate}
      featured={qa.state.featuredId === question.id}
      actions={qa.actions}
    />
  );

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="qa-panel">
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <QuestionCircleIcon className={styles.titleIcon} />
          {t("title")}
        </h2>
        <div className={styles.headerEnd}>
          {seesQueue ? (
            <AppLink
              className={styles.presenterLink}
              href={`/${slug}/${presentationId}/qa-presenter`}
              data-testid="qa-presenter-link"
            >
              <PresentationIcon />
              {t("presenter.open")}
            </AppLink>
          ) : null}
          {canRead && qa.load.status === "ready" ? (
            <span className={styles.live} data-live={qa.live || undefined} data-testid="qa-live">
              {t(qa.live ? "live.on" : "live.reconnecting")}
            </span>
          ) : null}
        </div>
      </header>

      {loggedIn ? (
        <>
          <QaComposer
            mayAskAnonymously={mayAskAnonymously}
            onAsk={async (text, anonymous) => {
              const error = await qa.actions.ask(text, anonymous);
              setAsked(!error && qa.state.settings.requireApproval && !canModerate);
              return error;
            }}
          />
          {asked ? (
            <p className={styles.status} role="status" data-testid="qa-pending-note">
              {t("ask.pending")}
            </p>
          ) : null}
        </>
      ) : (
        <div className={styles.login}>
          <p>{t(canRead ? "login.to-ask" : "login.to-read")}</p>
          <Button icon={<LoginIcon />} onPress={() => requireLogin()} data-testid="qa-login">
            {t("login")}
          </Button>
        </div>
      )}

      {!canRead ? null : qa.load.status === "loading" ? (
        <p className={styles.status} role="status">
          {t("loading")}
        </p>
      ) : qa.load.status === "failed" ? (
        <ErrorState compact title={t("load.failed")} onRetry={() => void qa.retry()}>
          {errorText(qa.load.error)}
        </ErrorState>
      ) : (
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as ListKey)}>
          <div className={styles.listBar}>
            <TabList aria-label={t("list.label")} scrollable={seesQueue}>
              <Tab id="open" data-testid="qa-tab-open">
                {t("list.open", { count: open.length })}
              </Tab>
              <Tab id="answered" data-testid="qa-tab-answered">
                {t("list.answered", { count: answered.length })}
              </Tab>
              {seesQueue ? (
                <Tab id="queue" data-testid="qa-tab-queue">
                  {t("list.queue", { count: list?.queue.length ?? 0 })}
                </Tab>
              ) : null}
              {seesQueue ? (
                <Tab id="hidden" data-testid="qa-tab-hidden">
                  {t("list.hidden", { count: list?.hidden.length ?? 0 })}
                </Tab>
              ) : null}
            </TabList>
            {tab === "open" ? (
              <fieldset className={styles.sort} aria-label={t("sort.label")}>
                {(["votes", "newest"] as const).map((key) => (
                  <Button
                    key={key}
                    variant={sort === key ? "secondary" : "ghost"}
                    onPress={() => setSort(key)}
                    data-testid={`qa-sort-${key}`}
                    data-selected={sort === key || undefined}
                  >
                    {t(`sort.${key}`)}
                  </Button>
                ))}
              </fieldset>
            ) : null}
          </div>
          <TabPanel id="open">
            <QuestionList
              questions={[...ownPending, ...open]}
              empty={t("empty.open")}
              render={item}
              testId="qa-open-list"
            />
          </TabPanel>
          <TabPanel id="answered">
            <QuestionList questions={answered} empty={t("empty.answered")} render={item} testId="qa-answered-list" />
          </TabPanel>
          {seesQueue ? (
            <TabPanel id="queue">
              <QuestionList
                questions={list?.queue ?? []}
                empty={t("empty.queue")}
                render={item}
                testId="qa-queue-list"
              />
            </TabPanel>
          ) : null}
          {seesQueue ? (
            <TabPanel id="hidden">
              <QuestionList
                questions={list?.hidden ?? []}
                empty={t("empty.hidden")}
                render={item}
                testId="qa-hidden-list"
              />
            </TabPanel>
          ) : null}
        </Tabs>
      )}

      {canModerate && qa.load.status === "ready" ? (
        <QaSettingsForm settings={qa.state.settings} onChange={(settings) => void qa.actions.saveSettings(settings)} />
      ) : null}

      {qa.alert ? (
        <Toast
          key={qa.alert.id}
          tone="danger"
          title={t(qa.alert.key)}
          onClose={qa.dismissAlert}
          closeAfterMs={ALERT_CLOSE_MS}
        >
          {qa.alert.error.code === "network" ? errorText(qa.alert.error) : qa.alert.error.message}
        </Toast>
      ) : null}
    </section>
  );
}

/**
 * The Questions tab of a talk (docs/qa.md): ask, vote, live order; the queue and the decisions for
 * moderators. Starts afresh when the viewer logs in or out, or the event password changes.
 */
export function QaPanel({ slug, presentationId, event }: { slug: string; presentationId: number; event: PublicEvent }) {
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const token = session?.token ?? null;
  return (
    <QaBody
      key={`${token ?? ""}\n${password ?? ""}`}
      slug={slug}
      presentationId={presentationId}
      event={event}
      token={token}
      password={password}
    />
  );
}
