import { takesWebcamLater } from "@core/versions/options";
import { useTranslation } from "react-i18next";
import { FileTextIcon } from "../../components/icons";
import type { UploadStatusState } from "./upload-status";
import type { UploadAccess } from "./use-upload-run";
import styles from "./version-row.module.css";
import type { Version } from "./version-schema";
import { WebcamAdd } from "./webcam-add";

/** A chapter's start as m:ss (or h:mm:ss). */
function chapterTime(milliseconds: number): string {
  const total = Math.floor(milliseconds / 1000);
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * What an expanded version holds, by its option (spec §2): its presentation file and PDF, whether
 * it has a webcam video (option two may add one), and its chapters.
 */
export function VersionDetails({
  version,
  access,
  onVersions,
  onResult,
  onTakenOffline,
}: {
  version: Version;
  access: UploadAccess;
  onVersions: (versions: Version[]) => void;
  onResult: (result: UploadStatusState) => void;
  onTakenOffline: () => void;
}) {
  const { t } = useTranslation("versions");
  const slidesUrl = version.pdfUrl ?? version.pptUrl;
  return (
    <div className={styles.details} data-testid="version-details">
      {version.fileName || slidesUrl ? (
        <p className={styles.detailLine}>
          {version.fileName ? (
            <span className={styles.fileName}>{t("details.slides.value", { name: version.fileName })}</span>
          ) : null}
          {version.pdfUrl ? (
            <a className={styles.smallAction} href={version.pdfUrl} target="_blank" rel="noopener noreferrer">
              <FileTextIcon />
              {t("details.pdf")}
            </a>
          ) : null}
        </p>
      ) : null}
      {takesWebcamLater(version.option) ? (
        <div className={styles.detailLine}>
          {version.webcam ? null : <span>{t("details.no-webcam")}</span>}
          <WebcamAdd
            versionId={version.versionId}
            available={!version.webcam && version.status === "success"}
            online={version.online}
            access={access}
            onVersions={onVersions}
            onResult={onResult}
            onTakenOffline={onTakenOffline}
          />
        </div>
      ) : null}
      {version.thumbnails.length > 0 ? (
        <>
          <h3 className={styles.detailName}>{t("details.chapters")}</h3>
          <ol className={styles.chapters}>
            {version.thumbnails.map((thumbnail) => (
              <li key={`${thumbnail.time}-${thumbnail.id}`} className={styles.chapter}>
                <img src={thumbnail.id} alt="" loading="lazy" decoding="async" width={160} height={90} />
                <span>
                  <span className="visually-hidden">{t("details.chapter", { time: chapterTime(thumbnail.time) })}</span>
                  <span aria-hidden="true">{chapterTime(thumbnail.time)}</span>
                  {thumbnail.title ? ` · ${thumbnail.title}` : null}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
