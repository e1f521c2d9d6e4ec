import { entryLeadsSomewhere, quizEntry } from "@core/quiz/quiz-entry";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../components/button";
import { QuestionCircleIcon } from "../../components/icons";
import { quizEntryPath } from "../../lib/live-quiz-paths";
import { useRequireLogin } from "../../lib/login-request";
import { useQuizStatus } from "../../lib/use-quiz-status";

/**
 * The QUIZ entry of a talk whose page is its video: offered, as on the talk page's tabs, only
 * while it leads somewhere (a live lobby or run to join, self-paced questions or results open),
 * so a talk replayed during its live quiz still lets its audience in. Members only, as there.
 */
export function WatchQuizEntry({
  slug,
  presentationId,
  quiz,
  signedIn,
}: {
  slug: string;
  presentationId: number;
  quiz: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation("schedule");
  const requireLogin = useRequireLogin();
  const status = useQuizStatus(presentationId, quiz);
  const entry = status ? quizEntry(status) : null;
  if (!entry || !entryLeadsSomewhere(entry)) return null;
  const target = quizEntryPath(`/${slug}/${presentationId}`, entry);
  return signedIn ? (
    <ButtonLink block variant="secondary" href={target} icon={<QuestionCircleIcon />} data-testid="watch-quiz">
      {t("action.quiz")}
    </ButtonLink>
  ) : (
    <Button
      block
      variant="secondary"
      onPress={() => requireLogin(target)}
      icon={<QuestionCircleIcon />}
      data-testid="watch-quiz"
    >
      {t("action.quiz")}
    </Button>
  );
}
