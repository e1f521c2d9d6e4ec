import { useTranslation } from "react-i18next";
import styles from "./question-media.module.css";
import { type QuestionMediaFields, questionMedium } from "./question-medium";

/**
 * A question's image or video. The big screen plays the video by itself, muted (a projector has
 * no one at its controls) and looping; the moderator's copy has the controls to unmute or replay;
 * a player starts it themselves. Videos stream from our files with Range, so seeking works.
 */
export function QuestionMedia({
  question,
  variant,
  className,
}: {
  question: QuestionMediaFields;
  variant: "screen" | "moderator" | "player";
  className?: string;
}) {
  const { t } = useTranslation("quiz-self");
  const medium = questionMedium(question);
  if (!medium) return null;
  const classes = `${styles.media} ${className ?? ""}`;
  if (medium.kind === "image") return <img className={classes} src={medium.src} alt="" data-testid="question-image" />;
  const autoplay = variant !== "player";
  return (
    <video
      key={medium.src}
      className={classes}
      src={medium.src}
      aria-label={t("media.video")}
      controls={variant !== "screen"}
      autoPlay={autoplay}
      muted={autoplay}
      loop={autoplay}
      playsInline
      preload={autoplay ? "auto" : "metadata"}
      data-testid="question-video"
    />
  );
}
