import { QUESTION_IMAGE_SIZE } from "@core/quiz/authoring";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageIcon } from "./editor-icons";
import { FilePicker } from "./file-picker";
import styles from "./media-field.module.css";
import { imageFileProblem, resizeQuestionImage } from "./question-image";
import { uploadQuestionImage } from "./quiz-editor-api";
import { type UploadTarget, useUpload } from "./use-upload";

type ChoiceProblem = "media.image.not-image" | "media.image.unreadable";

/**
 * The question's image: a file from disk is cut to 500 × 400 here, shown at once, and uploaded
 * with its progress; the question takes the stored image's address when the upload is done.
 */
export function ImagePicker({
  image,
  target,
  onImage,
}: {
  image: string | null;
  target: UploadTarget;
  onImage: (image: string) => void;
}) {
  const { t } = useTranslation("quiz-editor");
  const upload = useUpload(target.onBusyChange);
  const [choiceProblem, setChoiceProblem] = useState<ChoiceProblem | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  // The preview's object URL lives as long as it is shown.
  useEffect(() => (localPreview ? () => URL.revokeObjectURL(localPreview) : undefined), [localPreview]);

  async function choose(file: File) {
    upload.reset();
    const problem = imageFileProblem(file);
    setChoiceProblem(problem);
    if (problem) return;
    let resized: Blob;
    try {
      resized = await resizeQuestionImage(file);
    } catch {
      setChoiceProblem("media.image.unreadable");
      return;
    }
    setLocalPreview(URL.createObjectURL(resized));
    const stored = await upload.start((progress, signal) =>
      uploadQuestionImage(
        target.presentationId,
        target.caller,
        resized,
        (sent) => progress(sent / resized.size),
        signal,
      ),
    );
    setLocalPreview(null);
    if (stored) onImage(stored);
  }

  const shown = localPreview ?? image;
  return (
    <FilePicker
      kind="image"
      accept="image/*"
      preview={
        shown ? (
          <img
            src={shown}
            alt={t("media.image.preview")}
            className={styles.preview}
            data-testid="question-image-preview"
          />
        ) : null
      }
      placeholder={<ImageIcon className={styles.placeholderIcon} />}
      chooseLabel={t(image ? "media.image.change" : "media.image.choose")}
      hint={t("media.image.hint", QUESTION_IMAGE_SIZE)}
      uploadingLabel={t("media.image.uploading")}
      status={upload.status}
      choiceProblem={choiceProblem ? t(choiceProblem) : null}
      onFile={(file) => void choose(file)}
      onCancel={upload.cancel}
    />
  );
}
