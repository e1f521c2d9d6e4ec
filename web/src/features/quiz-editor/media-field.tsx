import { useId } from "react";
import { useTranslation } from "react-i18next";
import notes from "./editor-notes.module.css";
import type { ActiveMedia, EditorQuestion } from "./editor-state";
import { ImagePicker } from "./image-picker";
import styles from "./media-field.module.css";
import type { QuestionProblem } from "./question-problems";
import type { UploadTarget } from "./use-upload";
import { VideoPicker } from "./video-picker";

const CHOICES: { media: ActiveMedia; label: "media.none" | "media.image" | "media.video" }[] = [
  { media: "", label: "media.none" },
  { media: "image", label: "media.image" },
  { media: "video", label: "media.video" },
];

/**
 * What the question shows beside its text: nothing, its image or its video (spec §5: only one
 * is active). A segmented control of radio buttons, so arrow keys move between the choices.
 */
export function MediaField({
  question,
  problem,
  target,
  onChange,
  onImage,
  onVideo,
}: {
  question: EditorQuestion;
  problem: QuestionProblem | undefined;
  target: UploadTarget;
  onChange: (media: ActiveMedia) => void;
  onImage: (image: string) => void;
  onVideo: (videoKey: string) => void;
}) {
  const { t } = useTranslation("quiz-editor");
  const legendId = useId();
  const problemId = useId();
  return (
    <fieldset className={styles.field} aria-describedby={problem ? problemId : undefined}>
      <legend id={legendId} className={styles.legend}>
        {t("media.legend")}
      </legend>
      <div className={styles.segments} data-testid="question-media-choice">
        {CHOICES.map((choice) => (
          <label key={choice.media || "none"} className={styles.segment}>
            <input
              type="radio"
              name={`media-${question.key}`}
              value={choice.media}
              checked={question.active_media === choice.media}
              onChange={() => onChange(choice.media)}
              data-testid={`question-media-${choice.media || "none"}`}
            />
            <span>{t(choice.label)}</span>
          </label>
        ))}
      </div>
      {question.active_media === "image" ? (
        <ImagePicker image={question.image} target={target} onImage={onImage} />
      ) : null}
      {question.active_media === "video" ? (
        <VideoPicker videoKey={question.video_key} target={target} onVideo={onVideo} />
      ) : null}
      {problem ? (
        <p id={problemId} className={notes.problem} data-testid="question-media-problem">
          {t(problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
