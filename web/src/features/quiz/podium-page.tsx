import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { ArrowLeftIcon, ArrowRightIcon, TrophyIcon } from "../../components/quiz/quiz-icons";
import {
  ConnectionBadge,
  type LiveQuizPageProps,
  Loading,
  StageAlert,
  useLiveQuiz,
  useWatchAlert,
} from "./live-quiz-page-parts";
import styles from "./live-quiz-pages.module.css";
import { PodiumScreen } from "./podium-screen";
import { ControlButton } from "./question-controls";
import { QuizStage } from "./quiz-stage";
import { RerunButton } from "./rerun-button";

/**
 * Spec §2 podium: `screen-podium` and the moderator's `podium` after a question (Back, Next or
 * the final podium), and `final-podium` at the end.
 */
export function PodiumPage(props: LiveQuizPageProps & { final: boolean }) {
  const { t } = useTranslation("quiz");
  const { slug, event, presentation, variant, final, token } = props;
  const { watch, password } = useLiveQuiz(props);
  const alert = useWatchAlert(watch);
  const state = watch.state;
  const last = state ? state.questionIndex >= state.questions.length - 1 : true;
  return (
    <QuizStage
      event={event}
      title={final ? t("podium.final-title") : t("podium.title")}
      subtitle={presentation.name}
      aside={<ConnectionBadge status={watch.status} />}
      testId={final ? "quiz-final-podium" : variant === "screen" ? "quiz-screen-podium" : "quiz-moderator-podium"}
    >
      {state ? <PodiumScreen state={state} final={final} /> : <Loading />}
      {variant === "moderator" && state && !final ? (
        <nav className={styles.controls} aria-label={t("controls.label")} data-testid="quiz-controls">
          <div className={styles.controlGroup}>
            <ControlButton command="back" watch={watch} testId="quiz-podium-back">
              <ArrowLeftIcon />
              {t("action.back")}
            </ControlButton>
          </div>
          <div className={styles.controlGroup}>
            <ControlButton command="final" watch={watch} testId="quiz-final">
              <TrophyIcon />
              {t("action.final")}
            </ControlButton>
            <ControlButton command="next_question" watch={watch} primary disabled={last} testId="quiz-next">
              {t("action.next")}
              <ArrowRightIcon />
            </ControlButton>
          </div>
        </nav>
      ) : null}
      {variant === "moderator" && final ? (
        <nav className={styles.controls} aria-label={t("controls.label")}>
          {token ? <RerunButton presentationId={presentation._id} token={token} password={password} /> : null}
          <ButtonLink stage variant="secondary" href={`/${slug}/${presentation._id}/quiz-moderator`}>
            {t("action.close")}
          </ButtonLink>
        </nav>
      ) : null}
      <StageAlert message={alert} />
    </QuizStage>
  );
}
