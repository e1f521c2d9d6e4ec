import type { SpeakerProfile } from "@core/schedule/speaker-directory";
import { speakerName } from "@core/schedule/speaker-name";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { Avatar } from "../../components/avatar";
import { ArrowLeftIcon } from "../../components/icons";
import { RichHtml } from "../../components/rich-html";
import styles from "./speaker-profile.module.css";
import type { SpeakerProfileState } from "./use-speaker-profile";

const SPEAKER_PICTURE_PX = 128;

/** Where a link goes, said briefly when the schedule gives it no name: its host. */
function linkText(link: SpeakerProfile["speaker"]["links"][number]): string {
  if (link.title) return link.title;
  try {
    return new URL(link.url).host;
  } catch {
    return link.url;
  }
}

/**
 * The top of `/{slug}/speakers/{id}`: back to the list, the speaker's picture, name and
 * associations, then their imported biography (cleaned as a talk's description is) and links.
 * The talks below are the schedule's own cards, composed by the route.
 */
export function SpeakerProfileHeader({ slug, state }: { slug: string; state: SpeakerProfileState }) {
  const { t } = useTranslation(["schedule", "errors"]);
  const href = useHrefKeepingMode();
  const back = (
    <AppLink className={styles.back} href={href(`/${encodeURIComponent(slug)}/speakers`)} data-testid="speakers-back">
      <ArrowLeftIcon className={styles.backIcon} />
      {t("speakers.back")}
    </AppLink>
  );
  if (state.status !== "ready") {
    const message =
      state.status === "loading"
        ? t("speakers.loading")
        : state.status === "not-found"
          ? t("errors:speaker-not-found")
          : t("speakers.failed");
    return (
      <header className={styles.header}>
        {back}
        <p
          className={styles.status}
          role={state.status === "loading" ? "status" : "alert"}
          data-testid={`speaker-${state.status}`}
        >
          {message}
        </p>
      </header>
    );
  }
  const { speaker } = state.profile;
  const name = speakerName(speaker);
  return (
    <header className={styles.header} data-testid="speaker-profile">
      {back}
      <div className={styles.card}>
        <div className={styles.identity}>
          <Avatar name={name} src={speaker.picture} size={SPEAKER_PICTURE_PX} />
          <div className={styles.who}>
            <h2 className={styles.name} data-testid="speaker-name">
              {name}
            </h2>
            {speaker.associations.length > 0 ? (
              <p className={styles.associations}>{speaker.associations.map((a) => a.name).join(", ")}</p>
            ) : null}
            <p className={styles.talks}>{t("speakers.talks", { count: speaker.talks })}</p>
          </div>
        </div>
        {speaker.biography ? (
          <section className={styles.section} aria-label={t("speakers.biography")} data-testid="speaker-biography">
            <RichHtml html={speaker.biography} />
          </section>
        ) : null}
        {speaker.links.length > 0 ? (
          <section className={styles.section} aria-label={t("speakers.links")}>
            <ul className={styles.links}>
              {speaker.links.map((link) => (
                <li key={link.url}>
                  <a
                    className={styles.link}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="speaker-link"
                  >
                    {linkText(link)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </header>
  );
}
