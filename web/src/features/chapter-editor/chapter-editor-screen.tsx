import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app-state/session";
import { useHrefKeepingMode } from "../../components/app-link";
import { ButtonLink } from "../../components/button";
import { LoadingScreen } from "../../components/loading-screen";
import { Notice } from "../../components/notice";
import { type ApiError, asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import styles from "./chapter-editor.module.css";
import { type EditableVersion, fetchEditableVersion } from "./chapter-editor-api";
import { ChapterEditorPage } from "./chapter-editor-page";

/**
 * Opens the editor on the version the videos page passed (history state, or `?versionId=`):
 * without one there is nothing to edit or save; a version not processed yet is 'The presentation
 * is not ready!'.
 */
export function ChapterEditorScreen({
  slug,
  presentationId,
  versionId,
}: {
  slug: string;
  presentationId: number;
  versionId: string | undefined;
}) {
  const { t } = useTranslation("versions");
  const errorText = useApiErrorText();
  const href = useHrefKeepingMode();
  const [session] = useSession(slug);
  const token = session?.token;
  const [version, setVersion] = useState<EditableVersion | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(() => {
    if (!token || !versionId) return;
    let current = true;
    fetchEditableVersion(presentationId, versionId, token).then(
      (opened) => current && setVersion(opened),
      (error) => current && setFailure(asApiError(error)),
    );
    return () => {
      current = false;
    };
  }, [presentationId, versionId, token]);

  const back = (
    <ButtonLink variant="secondary" href={href(`/${slug}/my-presentations/${presentationId}/videos`)}>
      {t("editor.back")}
    </ButtonLink>
  );
  const problem = (text: string) => (
    <div className={styles.problem}>
      <Notice tone="danger" title={t("editor.title")} testId="editor-problem">
        {text}
      </Notice>
      {back}
    </div>
  );

  if (!token) return problem(t("page.not-found"));
  if (!versionId) return problem(t("editor.no-version"));
  if (failure) return problem(errorText(failure));
  if (!version) return <LoadingScreen />;
  if (version.status !== "success") return problem(t("edit.not-ready"));
  return <ChapterEditorPage slug={slug} presentationId={presentationId} version={version} token={token} />;
}
