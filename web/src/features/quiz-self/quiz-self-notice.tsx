import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { AlertIcon } from "../../components/icons";
import type { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useHeadingFocus } from "./use-heading-focus";

/** A state of the quiz page said in one card: live elsewhere, not open, all answered, results not open. */
export function QuizSelfNotice({
  icon,
  title,
  children,
  actions,
  takeFocus = false,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The notice replaced what had the keyboard focus. */
  takeFocus?: boolean;
  testId: string;
}) {
  const heading = useHeadingFocus(takeFocus);
  return (
    <Card as="section" padded={false} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <EmptyState icon={icon} title={title} titleId={`${testId}-title`} headingRef={heading} actions={actions}>
        {children}
      </EmptyState>
    </Card>
  );
}

/** What could not be loaded: why, in the reader's language, and Retry. */
export function LoadFailedNotice({
  failure,
  onRetry,
  testId,
}: {
  failure: ApiError;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation("common");
  const errorText = useApiErrorText();
  return (
    <QuizSelfNotice
      icon={<AlertIcon />}
      title={errorText(failure)}
      testId={testId}
      actions={<Button onPress={onRetry}>{t("action.retry")}</Button>}
    />
  );
}

/** Told to screen readers while the page loads; nothing is drawn for so short a wait. */
export function LoadingStatus() {
  const { t } = useTranslation("common");
  return (
    <p className="visually-hidden" role="status">
      {t("app.loading")}
    </p>
  );
}
