import type { PublicEvent } from "@core/schedule/public-schedule";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { RichHtmlLater } from "../schedule/rich-html-later";
import { EventBrand } from "./event-brand";
import { AccountMenuContext, type MenuEntry } from "./menu-entries";
import styles from "./sidebar-content.module.css";
import { SidebarMenu } from "./sidebar-menu";

/** What the sidebar holds, inline on desktop or in the drawer: the event, who is logged in, the menu, the ad. */
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
  const user = useContext(AccountMenuContext)?.user;
  return (
    <div className={styles.content}>
      <EventBrand event={event} headingLevel={headingLevel} />
      <div className={styles.account}>
        {user ? (
          <section className={styles.user} aria-label={t("account.label")} data-testid="sidebar-user">
            <Avatar name={user.name} src={user.picture} size={80} />
            <div className={styles.userText}>
              <p className={styles.userCaption}>{t("account.label")}</p>
              <p className={styles.userName} data-testid="sidebar-user-name">
                {user.name}
              </p>
            </div>
          </section>
        ) : null}
        <SidebarMenu slug={event.slug} entries={entries} onNavigate={onNavigate} />
      </div>
      {event.ad ? (
        <section aria-label={t("ad.label")} className={styles.ad}>
          <RichHtmlLater html={event.ad} />
        </section>
      ) : null}
    </div>
  );
}
