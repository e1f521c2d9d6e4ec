import { openQuestions } from "@core/qa/qa-state";
import { QA_PRESENTER_COUNT } from "@core/qa/rules";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { AppLink } from "../../components/app-link";
import { ArrowLeftIcon } from "../../components/icons";
import styles from "./qa-presenter.module.css";
import { useQa } from "./use-qa";

/**
 * The speaker's presenter view (docs/qa.md): the most voted open questions, live, in type large
 * enough to read from a lectern, nothing else. The talk's own page stays one tap away.
 */
export function QaPresenter({
  slug,
  presentationId,
  title,
  canRead,
}: {
  slug: string;
  presentationId: number;
  title: string;
  canRead: boolean;
}) {
  const { t } = useTranslation("qa");
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const qa = useQa(presentationId, { token: session?.token ?? null, password }, canRead || session !== null);
  const top = openQuestions(qa.state, "votes").slice(0, QA_PRESENTER_COUNT);
  return (
    <main className={styles.presenter} data-testid="qa-presenter">
      <header className={styles.header}>
        <AppLink className={styles.back} href={`/${slug}/${presentationId}/questions`}>
          <ArrowLeftIcon />
          {t("presenter.back")}
        </AppLink>
        <h1 className={styles.title}>
          {t("presenter.title")} · {title}
        </h1>
        <span className={styles.live} data-live={qa.live || undefined}>
          {t(qa.live ? "live.on" : "live.reconnecting")}
        </span>
      </header>
      {top.length === 0 ? (
        <p className={styles.empty}>{t("presenter.empty")}</p>
      ) : (
        <ol className={styles.list}>
          {top.map((question) => (
            <li key={question.id} className={styles.item} data-testid="qa-presenter-question">
              <span className={styles.votes}>{question.votes}</span>
              <span className={styles.text}>{question.question}</span>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
