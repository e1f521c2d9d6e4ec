import type { SpeakerProfile } from "@core/schedule/speaker-directory";
import { speakerName } from "@core/schedule/speaker-name";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { Avatar } from "../../components/avatar";
import { ButtonLink } from "../../components/button";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { ErrorState } from "../../components/error-state";
import { ArrowLeftIcon, SearchOffIcon } from "../../components/icons";
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
  if (state.status === "loading")
    return (
      <header className={styles.header}>
        {back}
        <p className={styles.status} role="status" data-testid="speaker-loading">
          {t("speakers.loading")}
        </p>
      </header>
    );
  if (state.status !== "ready")
    return (
      <header className={styles.header}>
        {back}
        <Card padded={false}>
          {state.status === "not-found" ? (
            <EmptyState
              compact
              icon={<SearchOffIcon />}
              title={t("errors:speaker-not-found")}
              testId="speaker-not-found"
            />
          ) : (
            <ErrorState compact title={t("speakers.failed")} testId={`speaker-${state.status}`} />
          )}
        </Card>
      </header>
    );
  const { speaker } = state.profile;
  const name = speakerName(speaker);
  return (
    <header className={styles.header} data-testid="speaker-profile">
      {back}
      <Card className={styles.card}>
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
                  <ButtonLink
                    variant="secondary"
                    external
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.link}
                    data-testid="speaker-link"
                  >
                    {linkText(link)}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Card>
    </header>
  );
}
