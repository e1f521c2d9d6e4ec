import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { AlertIcon } from "./icons";

/**
 * A region that could not load: what failed, why (an `errors.` text), and Retry when the caller
 * can try again. Announced at once (`role="alert"`).
 */
export function ErrorState({
  title,
  children,
  onRetry,
  compact,
  testId,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <EmptyState
      icon={<AlertIcon />}
      tone="danger"
      title={title}
      compact={compact}
      testId={testId}
      actions={
        onRetry ? (
          <Button variant="secondary" onPress={onRetry} data-testid={testId ? `${testId}-retry` : undefined}>
            {t("action.retry")}
          </Button>
        ) : null
      }
    >
      {children}
    </EmptyState>
  );
}
