import type { PublicPresentation } from "@core/schedule/public-schedule";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { PlayCircleIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { SpeakerCard } from "./speaker-card";
import { readTakenOffline, writeTakenOffline } from "./taken-offline";
import { UploadPanel } from "./upload-panel";
import { UploadStatus, type UploadStatusState } from "./upload-status";
import { useTalkVersions } from "./use-talk-versions";
import { useVersionPlays } from "./use-version-plays";
import { VersionRow } from "./version-row";
import styles from "./versions-page.module.css";

/**
 * Spec §2 `/{slug}/my-presentations/{id}/videos` (and the upload-version page of
 * `/{slug}/my-presentations/{id}`, the same page): the speaker's sidebar, the upload of a new
 * version, and the versions, newest first, kept current while they are processed.
 */
export function VersionsPage({
  slug,
  presentation,
  timeZone,
  session,
}: {
  slug: string;
  presentation: PublicPresentation;
  timeZone: string;
  session: { token: string; user: { id: number; name: string; picture: string | null } };
}) {
  const { t } = useTranslation("versions");
  const errorText = useApiErrorText();
  const listTitleId = useId();
  const list = useRef<HTMLElement>(null);
  const { token, user } = session;
  const presentationId = presentation._id;
  const access = useMemo(() => ({ presentationId, token, userId: user.id }), [presentationId, token, user.id]);
  const { talk, versions, loadError, ready, setVersions, reload } = useTalkVersions(presentationId, token);
  const [result, setResult] = useState<UploadStatusState | null>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const plays = useVersionPlays(presentationId, token, versions);
  const [takenOffline, setTakenOffline] = useState(readTakenOffline);
  const onlineId = versions.find((version) => version.online)?.versionId ?? null;

  return (
    <div className={styles.page} data-testid="versions-page">
      <SpeakerCard
        slug={slug}
        presentation={presentation}
        user={user}
        token={token}
        visioEnabled={talk?.room_info?.visioEnabled ?? false}
      />
      <div className={styles.main}>
        <UploadPanel
          access={access}
          onVersions={(created) => {
            setVersions(created);
            // The new version's row (its processing bar) comes into sight, under the panel's message.
            const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            requestAnimationFrame(() =>
              list.current?.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" }),
            );
          }}
        />
        <section ref={list} className={styles.list} aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className={styles.listTitle}>
            {t("list.title")}
          </h2>
          {loadError ? (
            <Notice tone="danger" title={t("page.load-error")} testId="versions-load-error">
              {errorText(loadError)}{" "}
              <Button variant="secondary" onPress={reload}>
                {t("page.retry")}
              </Button>
            </Notice>
          ) : null}
          {talk && versions.length === 0 ? (
            <Card padded={false}>
              <EmptyState compact icon={<PlayCircleIcon />} title={t("list.empty")} testId="versions-empty" />
            </Card>
          ) : (
            <ol className={styles.rows}>
              {versions.map((version) => (
                <li key={version.versionId}>
                  <VersionRow
                    version={version}
                    slug={slug}
                    timeZone={timeZone}
                    access={access}
                    anotherOnline={onlineId !== null && onlineId !== version.versionId}
                    ready={ready.has(version.versionId)}
                    plays={plays.get(version.versionId)}
                    takenOffline={takenOffline.has(version.versionId)}
                    onVersions={setVersions}
                    onResult={setResult}
                    onTakenOffline={(taken) => setTakenOffline(writeTakenOffline(version.versionId, taken))}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {result ? <UploadStatus state={result} placement="toast" onClose={closeResult} testId="version-toast" /> : null}
    </div>
  );
}
