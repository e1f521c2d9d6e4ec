import { useTranslation } from "react-i18next";
import type { PublicEvent } from "../../../../core/schedule/public-schedule";
import { RichHtml } from "../../components/rich-html";
import { EventBrand } from "./event-brand";
import type { MenuEntry } from "./menu-entries";
import styles from "./sidebar-content.module.css";
import { SidebarMenu } from "./sidebar-menu";

/** What the sidebar holds, inline on desktop or in the drawer: the event, the menu, the ad. */
export function SidebarContent({
  event,
  entries,
  headingLevel,
  onNavigate,
}: {
  event: PublicEvent;
  entries: MenuEntry[];
  headingLevel: "h1" | "p";
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("event-shell");
  return (
    <div className={styles.content}>
      <EventBrand event={event} headingLevel={headingLevel} />
      <SidebarMenu slug={event.slug} entries={entries} onNavigate={onNavigate} />
      {event.ad ? (
        <section aria-label={t("ad.label")} className={styles.ad}>
          <RichHtml html={event.ad} />
        </section>
      ) : null}
    </div>
  );
}
