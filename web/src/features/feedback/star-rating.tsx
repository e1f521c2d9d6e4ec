import { MAX_RATING, MIN_RATING } from "@core/feedback/feedback-input";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { useTranslation } from "react-i18next";
import styles from "./feedback.module.css";

const STARS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, index) => MIN_RATING + index);

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={styles.starIcon}>
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </svg>
  );
}

/**
 * 1 to 5 stars as a radio group (arrow keys move, each star is named "3 stars out of 5"): stars up
 * to the chosen one are filled. Read-only once feedback is closed.
 */
export function StarRating({
  value,
  onChange,
  readOnly = false,
}: {
  value: number | null;
  onChange?: (rating: number) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("feedback");
  return (
    <RadioGroup
      className={styles.rating}
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(chosen) => onChange?.(Number(chosen))}
      isReadOnly={readOnly}
      data-testid="feedback-stars"
    >
      <Label className={styles.label}>{t("rating.label")}</Label>
      <div className={styles.stars}>
        {STARS.map((stars) => (
          <Radio
            key={stars}
            value={String(stars)}
            aria-label={t("rating.value", { count: stars })}
            className={value !== null && stars <= value ? `${styles.star} ${styles.filled}` : styles.star}
            data-testid={`feedback-star-${stars}`}
          >
            <StarIcon />
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
