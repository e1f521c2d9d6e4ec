import { useTranslation } from "react-i18next";
import { QuestionCircleIcon } from "../../components/icons";
import { useOpenQuiz } from "../../components/quiz/use-open-quiz";
import styles from "./presentation-card.module.css";

/** A schedule card's QUIZ button: to the live quiz's waiting page or the self-paced quiz. */
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
  const { open, checking } = useOpenQuiz(presentationId, basePath, href);
  return (
    <button type="button" className={styles.action} onClick={open} disabled={checking} data-testid="quiz-link">
      <QuestionCircleIcon />
      {t("action.quiz")}
    </button>
  );
}
