import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QuestionCircleIcon } from "../../components/icons";
import { apiRequest } from "../../lib/api";
import styles from "./presentation-card.module.css";

/**
 * QUIZ (spec §4): a live check decides where it leads, the live quiz's waiting page
 * (`quiz-intro`) or the self-paced quiz (`quiz`). Should the check fail, the self-paced page
 * says itself when the quiz is live.
 */
export function QuizButton({
  presentationId,
  basePath,
  href,
}: {
  presentationId: number;
  basePath: string;
  href: (path: string) => string;
}) {
  const { t } = useTranslation("schedule");
  const router = useRouter();
  const [checking, setChecking] = useState(false);
  const open = async () => {
    setChecking(true);
    const live = await apiRequest<{ live: boolean }>("POST", "/api/quiz/check-live", { body: { _id: presentationId } })
      .then((answer) => answer.live)
      .catch(() => false);
    setChecking(false);
    router.history.push(href(`${basePath}/${live ? "quiz-intro" : "quiz"}`));
  };
  return (
    <button type="button" className={styles.action} onClick={open} disabled={checking} data-testid="quiz-link">
      <QuestionCircleIcon />
      {t("action.quiz")}
    </button>
  );
}
