import { clockTime } from "@core/chapters/time-format";
import type { SlideHit } from "@core/schedule/slide-search";
import { useTranslation } from "react-i18next";
import { useHrefKeepingMode } from "../../components/app-link";
import { ButtonLink } from "../../components/button";
import { PlayCircleIcon } from "../../components/icons";

/**
 * Where a search's words are on a talk's slides, as Panopto shows a hit inside a video:
 * "diapo 12 · 14:32", a link to the talk's video page starting at that second (`?t=`), or to
 * the page alone for slides the video never shows.
 */
export function SlideHitLink({
  slug,
  name,
  hit,
}: {
  slug: string;
  name: string;
  /** A hit on a slide (a talk found by its name has no page, and no link). */
  hit: Omit<SlideHit, "page"> & { page: number };
}) {
  const { t } = useTranslation("schedule");
  const href = useHrefKeepingMode();
  const page = href(`/${encodeURIComponent(slug)}/${hit.presentationId}`);
  const time = hit.second === null ? null : clockTime(hit.second * 1000);
  const target = hit.second === null ? page : `${page}${page.includes("?") ? "&" : "?"}t=${hit.second}`;
  return (
    <ButtonLink
      variant="ghost"
      href={target}
      icon={<PlayCircleIcon />}
      aria-label={
        time === null
          ? t("slide-hit.label", { page: hit.page, name })
          : t("slide-hit.label-at", { page: hit.page, name, time })
      }
      data-testid="slide-hit"
    >
      {time === null ? t("slide-hit.page", { page: hit.page }) : t("slide-hit.at", { page: hit.page, time })}
    </ButtonLink>
  );
}
