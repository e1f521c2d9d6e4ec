import type { PublicPresentation } from "@core/schedule/public-schedule";
import { matchesSpeakerSearch, speakerDirectory } from "@core/schedule/speaker-directory";
import { speakerName } from "@core/schedule/speaker-name";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { Avatar } from "../../components/avatar";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { ChevronRightIcon, SearchOffIcon, UsersIcon } from "../../components/icons";
import { SearchField } from "../../components/search-field";
import { firstScreenSearch } from "../../lib/first-screen";
import styles from "./speaker-directory.module.css";

const SPEAKER_PICTURE_PX = 64;

/**
 * `/{slug}/speakers`: every speaker of the programme (photo, name, associations, talks), with a
 * search that ignores accents and case as the schedule's does. Built from the programme the
 * event's pages already hold, so it opens at once and offline. The Worker draws its first screen
 * (worker/pages/first-screen/speakers-first-screen.ts) with this component's classes.
 */
export function SpeakerDirectory({
  slug,
  presentations,
}: {
  slug: string;
  presentations: readonly PublicPresentation[];
}) {
  const { t } = useTranslation("schedule");
  const titleId = useId();
  // What the reader typed into the Worker's first screen before the app took over, if anything.
  const [search, setSearch] = useState(firstScreenSearch);
  const deferredSearch = useDeferredValue(search);
  const href = useHrefKeepingMode();
  const everyone = useMemo(() => speakerDirectory(presentations), [presentations]);
  const visible = useMemo(
    () => everyone.filter((speaker) => matchesSpeakerSearch(speaker, deferredSearch)),
    [everyone, deferredSearch],
  );

  return (
    <section className={styles.directory} aria-labelledby={titleId} data-testid="speaker-directory">
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t("speakers.title")}
        </h2>
        {everyone.length > 0 ? (
          <p className={styles.summary} role="status" data-testid="speakers-summary">
            {t("speakers.summary", { count: visible.length })}
          </p>
        ) : null}
      </header>
      {everyone.length > 0 ? (
        <search className={styles.search}>
          <SearchField
            label={t("speakers.search")}
            placeholder={t("speakers.search-placeholder")}
            value={search}
            onChange={setSearch}
            testId="speakers-search"
          />
        </search>
      ) : null}
      {everyone.length === 0 ? (
        <Card padded={false}>
          <EmptyState compact icon={<UsersIcon />} title={t("speakers.empty")} testId="speakers-empty" />
        </Card>
      ) : visible.length === 0 ? (
        <Card padded={false}>
          <EmptyState compact icon={<SearchOffIcon />} title={t("speakers.no-match")} testId="speakers-no-match" />
        </Card>
      ) : (
        <ul className={styles.list}>
          {visible.map((speaker) => {
            const name = speakerName(speaker);
            return (
              <li key={speaker._id}>
                <AppLink
                  className={styles.speaker}
                  href={href(`/${encodeURIComponent(slug)}/speakers/${speaker._id}`)}
                  data-testid="speaker-item"
                  data-speaker-id={speaker._id}
                >
                  <Avatar
                    name={`${speaker.firstName} ${speaker.lastName}`}
                    src={speaker.picture}
                    size={SPEAKER_PICTURE_PX}
                  />
                  <span className={styles.text}>
                    <span className={styles.name}>{name}</span>
                    {speaker.associations.length > 0 ? (
                      <span className={styles.associations}>{speaker.associations.map((a) => a.name).join(", ")}</span>
                    ) : null}
                    <span className={styles.talks}>{t("speakers.talks", { count: speaker.talks })}</span>
                  </span>
                  <ChevronRightIcon className={styles.chevron} aria-hidden="true" />
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
