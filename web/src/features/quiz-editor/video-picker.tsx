import { useState } from "react";
import { useTranslation } from "react-i18next";
import { VideoIcon } from "./editor-icons";
import { FilePicker } from "./file-picker";
import styles from "./media-field.module.css";
import { type UploadTarget, useUpload } from "./use-upload";
import { uploadQuestionVideo, videoFileProblem, videoUrl } from "./video-upload";

type ChoiceProblem = NonNullable<ReturnType<typeof videoFileProblem>>;

/**
 * The question's video: any `video/*` file up to 50 MB (refused here above that, with the spec's
 * message), uploaded in parts with its progress and a cancel button, then previewed.
 */
export function VideoPicker({
  videoKey,
  target,
  onVideo,
}: {
  videoKey: string | null;
  target: UploadTarget;
  onVideo: (videoKey: string) => void;
}) {
  const { t } = useTranslation("quiz-editor");
  const upload = useUpload(target.onBusyChange);
  const [choiceProblem, setChoiceProblem] = useState<ChoiceProblem | null>(null);

  async function choose(file: File) {
    upload.reset();
    const problem = videoFileProblem(file);
    setChoiceProblem(problem);
    if (problem) return;
    const stored = await upload.start((progress, signal) =>
      uploadQuestionVideo(target.presentationId, target.caller, file, (sent, total) => progress(sent / total), signal),
    );
    if (stored) onVideo(stored);
  }

  return (
    <FilePicker
      kind="video"
      accept="video/*"
      preview={
        videoKey ? (
          // biome-ignore lint/a11y/useMediaCaption: the moderator previews their own upload, which comes without captions
          <video
            key={videoKey}
            src={videoUrl(videoKey)}
            className={styles.preview}
            controls
            preload="metadata"
            aria-label={t("media.video.preview")}
            data-testid="question-video-preview"
          />
        ) : null
      }
      placeholder={<VideoIcon className={styles.placeholderIcon} />}
      chooseLabel={t(videoKey ? "media.video.change" : "media.video.choose")}
      hint={t("media.video.hint")}
      uploadingLabel={t("media.video.uploading")}
      status={upload.status}
      choiceProblem={choiceProblem ? t(choiceProblem) : null}
      onFile={(file) => void choose(file)}
      onCancel={upload.cancel}
    />
  );
}
