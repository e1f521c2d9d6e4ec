import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { BroadcastIcon } from "../../components/icons";

/**
 * The manage-quiz entry to run the live quiz (`quiz-moderator`'s sidebar): opens the moderator's
 * lobby, and the big screen in a new tab for the projector.
 */
export function QuizManagePanel({ slug, presentationId }: { slug: string; presentationId: number }) {
  const { t } = useTranslation("quiz");
  const base = `/${slug}/${presentationId}`;
  return (
    <Card as="section" padded={false} aria-labelledby="quiz-manage-title" data-testid="quiz-manage">
      <EmptyState
        compact
        headingLevel={2}
        icon={<BroadcastIcon />}
        title={t("manage.title")}
        titleId="quiz-manage-title"
        actions={
          <>
            <ButtonLink href={`${base}/quiz-user-list`} data-testid="quiz-open-lobby">
              {t("action.open-lobby")}
            </ButtonLink>
            <ButtonLink
              variant="secondary"
              external
              href={`${base}/screen-user-list`}
              target="_blank"
              rel="noopener"
              data-testid="quiz-open-screen"
            >
              {t("action.open-screen")}
            </ButtonLink>
          </>
        }
      >
        {t("manage.text")}
      </EmptyState>
    </Card>
  );
}
