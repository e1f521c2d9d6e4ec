import { isInProgress } from "@core/versions/status";
import { useRouter } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHrefKeepingMode } from "../../components/app-link";
import { IconButton } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { AlertIcon, ChevronDownIcon, EyeIcon, PencilIcon, TrashIcon } from "../../components/icons";
import { Switch } from "../../components/switch";
import { asApiError } from "../../lib/api";
import { formatDuration, formatNumericDate, formatTime } from "../../lib/date-time-format";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { chapterEditorPath } from "./editor-state";
import type { UploadStatusState } from "./upload-status";
import type { UploadAccess } from "./use-upload-run";
import { VersionDetails } from "./version-details";
import styles from "./version-row.module.css";
import type { Version } from "./version-schema";
import { VersionStatusBox } from "./version-status-box";
import { deleteVersion, setVersionOnline } from "./versions-api";

/**
 * One version (spec §2 video versions page): time, date, duration, its plays, delete, edit (not
 * for option four), its status box, the online switch (disabled, saying why, while processing)
 * and an expand toggle for what it holds.
 */
export function VersionRow({
  version,
  slug,
  timeZone,
  access,
  anotherOnline,
  ready,
  plays,
  takenOffline,
  onVersions,
  onResult,
  onTakenOffline,
}: {
  version: Version;
  slug: string;
  timeZone: string;
  access: UploadAccess;
  /** Whether another version of the talk is online (spec §4: one at a time). */
  anotherOnline: boolean;
  /** Its processing reached 100 % while the page was open. */
  ready: boolean;
  /** Its plays (spec §7 version-plays), when known. */
  plays: number | undefined;
  /** Adding a webcam took it offline (the row says so until it is online again). */
  takenOffline: boolean;
  onVersions: (versions: Version[]) => void;
  onResult: (result: UploadStatusState) => void;
  onTakenOffline: (taken: boolean) => void;
}) {
  const { t, i18n } = useTranslation("versions");
  const errorText = useApiErrorText();
  const router = useRouter();
  const href = useHrefKeepingMode();
  const detailsId = useId();
  const onlineNoteId = useId();
  const [expanded, setExpanded] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const { presentationId, token } = access;
  const created = new Date(version.date);
  const known = !Number.isNaN(created.getTime());
  const time = known ? formatTime(created, i18n.language, timeZone) : "";
  const date = known ? formatNumericDate(created, i18n.language, timeZone) : version.date;
  const watchPath = `/${slug}/my-presentations/${presentationId}/video/${encodeURIComponent(version.versionId)}/watch`;

  const change = async (call: () => Promise<Version[]>, success: string) => {
    setBusy(true);
    try {
      onVersions(await call());
      onResult({ type: "success", text: success });
    } catch (error) {
      onResult({ type: "error", text: errorText(asApiError(error)) });
    } finally {
      setBusy(false);
    }
  };

  const toggleOnline = () => {
    const online = !version.online;
    if (version.status !== "success") onResult({ type: "wait", text: t("online.wait") });
    else if (online && anotherOnline) onResult({ type: "error", text: t("online.another") });
    else
      void change(
        async () => {
          const versions = await setVersionOnline(presentationId, version.versionId, online, token);
          if (online) onTakenOffline(false);
          return versions;
        },
        t(online ? "online.on" : "online.off"),
      );
  };

  const edit = () => {
    if (version.status !== "success") {
      onResult({ type: "error", text: t("edit.not-ready") });
      return;
    }
    void router.navigate({
      href: href(chapterEditorPath(slug, presentationId)),
      state: (previous) => ({ ...previous, versionId: version.versionId }),
    });
  };

  const processing = isInProgress(version.status);
  const duration = version.duration === null ? t("row.duration.unknown") : formatDuration(version.duration);

  return (
    <article
      className={styles.row}
      aria-label={t("row.label", { date, time })}
      data-version-id={version.versionId}
      data-status={version.status}
      data-testid="version-row"
    >
      <div className={styles.summary}>
        <div className={styles.when}>
          <span className={styles.time} data-testid="version-time">
            {time}
          </span>
          <span className={styles.date}>{date}</span>
        </div>
        <div className={styles.what}>
          <span className={styles.option}>{t(`mode.${version.option}`)}</span>
          {version.option === "four" ? null : (
            <span className={styles.duration} data-testid="version-duration">
              {t("row.duration.value", { duration })}
            </span>
          )}
          {plays === undefined || version.option === "four" ? null : (
            <span className={styles.plays} data-testid="version-plays">
              <EyeIcon className={styles.playsIcon} />
              {t("row.plays", { count: plays })}
            </span>
          )}
        </div>
        <div className={styles.state}>
          <VersionStatusBox version={version} watchPath={watchPath} />
          {ready ? (
            <span className={styles.ready} role="status" data-testid="version-ready">
              {t("status.ready")}
            </span>
          ) : null}
          {takenOffline && !version.online ? (
            <span className={styles.offlineNote} data-testid="version-taken-offline">
              <AlertIcon className={styles.playsIcon} />
              {t("row.taken-offline")}
            </span>
          ) : null}
        </div>
        <div className={styles.controls}>
          <div className={styles.switchBox}>
            <Switch
              tone="success"
              isSelected={version.online}
              aria-describedby={processing ? onlineNoteId : undefined}
              isDisabled={busy || processing}
              onChange={toggleOnline}
              data-testid="version-online"
            >
              {t("row.online")}
            </Switch>
            {processing ? (
              <span id={onlineNoteId} className={styles.switchNote} data-testid="version-online-note">
                {t("row.online.processing")}
              </span>
            ) : null}
          </div>
          {version.option === "four" ? null : (
            <IconButton icon={<PencilIcon />} label={t("row.edit")} onPress={edit} data-testid="version-edit" />
          )}
          <IconButton
            icon={<TrashIcon />}
            label={t("row.delete")}
            className={styles.delete}
            onPress={() => setConfirmingDelete(true)}
            isDisabled={busy}
            data-testid="version-delete"
          />
          <IconButton
            className={styles.expand}
            icon={<ChevronDownIcon />}
            label={t("row.expand")}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onPress={() => setExpanded(!expanded)}
            data-testid="version-expand"
          />
        </div>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {expanded ? (
          <VersionDetails
            version={version}
            access={access}
            onVersions={onVersions}
            onResult={onResult}
            onTakenOffline={() => onTakenOffline(true)}
          />
        ) : null}
      </div>
      {confirmingDelete ? (
        <ConfirmDialog
          question={t("delete.question")}
          yesLabel={t("answer.yes")}
          noLabel={t("answer.no")}
          onYes={() => {
            setConfirmingDelete(false);
            void change(async () => {
              const versions = await deleteVersion(presentationId, version.versionId, token);
              onTakenOffline(false);
              return versions;
            }, t("delete.success"));
          }}
          onNo={() => setConfirmingDelete(false)}
          testId="delete-confirm"
        />
      ) : null}
    </article>
  );
}
