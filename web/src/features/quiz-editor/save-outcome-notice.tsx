import { useTranslation } from "react-i18next";
import { Notice } from "../../components/notice";
import { useApiErrorText } from "../../lib/use-api-error-text";
import type { SaveOutcome } from "./use-question-list";

/**
 * The spec's save messages (§8): 'Updated successfully', or 'There was an error while updating the
 * questions' with what went wrong: the questions to complete, or the server's reason.
 */
export function SaveOutcomeNotice({ outcome }: { outcome: SaveOutcome }) {
  const { t } = useTranslation("quiz-editor");
  const errorText = useApiErrorText();
  if (outcome.tone === "success") {
    return (
      <Notice tone="success" testId="quiz-editor-notice">
        {t("save.success")}
      </Notice>
    );
  }
  const reason =
    outcome.kind === "invalid"
      ? t("save.incomplete", { count: outcome.numbers.length, numbers: outcome.numbers.join(", ") })
      : errorText(outcome.error);
  return (
    <Notice tone="danger" title={t("save.error")} testId="quiz-editor-notice">
      {reason}
    </Notice>
  );
}
