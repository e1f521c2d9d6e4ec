import { currentQuestion } from "@core/quiz/model";
import { useTranslation } from "react-i18next";
import {
  type LiveQuizPageProps,
  Loading,
  PlayersAside,
  StageAlert,
  useLiveQuiz,
  useWatchAlert,
} from "./live-quiz-page-parts";
import { QuestionControls } from "./question-controls";
import { QuestionScreen } from "./question-screen";
import { QuizStage } from "./quiz-stage";
import { useQuizTexts } from "./use-quiz-texts";

/** Spec §2 quiz-live screen: the big screen's `screen-questions` and the moderator's `quiz-questions`. */
export function QuestionPage(props: LiveQuizPageProps) {
  const { t } = useTranslation("quiz");
  const { event, presentation, variant } = props;
  const { watch, password } = useLiveQuiz(props);
  const question = watch.state ? currentQuestion(watch.state) : undefined;
  const texts = useQuizTexts(presentation._id, password, question?.id ?? null);
  const alert = useWatchAlert(watch);
  return (
    <QuizStage
      event={event}
      title={
        watch.state && question
          ? t("question.position", { index: watch.state.questionIndex + 1, total: watch.state.questions.length })
          : t("lobby.title")
      }
      subtitle={presentation.name}
      aside={<PlayersAside watch={watch} />}
      testId={variant === "screen" ? "quiz-screen-question" : "quiz-moderator-question"}
    >
      {watch.state && question ? (
        <>
          <QuestionScreen
            state={watch.state}
            answered={watch.answered}
            texts={texts}
            clockOffsetMs={watch.clockOffsetMs}
            variant={variant}
          />
          {variant === "moderator" ? (
            <QuestionControls state={watch.state} watch={watch} clockOffsetMs={watch.clockOffsetMs} />
          ) : null}
        </>
      ) : (
        <Loading />
      )}
      <StageAlert message={alert} />
    </QuizStage>
  );
}
