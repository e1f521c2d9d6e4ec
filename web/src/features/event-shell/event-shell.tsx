import { eventTheme } from "@core/schedule/event-theme";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useSearch } from "@tanstack/react-router";
import { useAtom } from "jotai";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/button";
import { EventLogo } from "../../components/event-logo";
import { MenuIcon, SidebarIcon } from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import { useIsMobile } from "../../lib/use-media-query";
import styles from "./event-shell.module.css";
import { IframeTopMenu } from "./iframe-top-menu";
import iframeStyles from "./iframe-top-menu.module.css";
import { type MenuViewer, menuEntriesFor } from "./menu-entries";
import { MobileDrawer } from "./mobile-drawer";
import { sidebarCollapsedAtom } from "./sidebar-collapsed";
import { SidebarContent } from "./sidebar-content";
import { SidebarMenu } from "./sidebar-menu";

const SIDEBAR_ID = "event-sidebar";
const MAIN_ID = "main-content";

/**
 * The event's frame (spec §2 Sidebar): a sidebar that folds to an icon rail on desktop and becomes
 * a drawer at 991 px and below, a top bar with the language switcher, and the page in `children`.
 * With `?iframe` (spec §2) it is the compact embedded layout instead: its own top menu, no sidebar.
 * A `bare` page (the video editor: its paths do not render the schedule shell) gets only the
 * event's theme and the skip link, the whole window to itself.
 */
export function EventShell({
  event,
  viewer,
  bare = false,
  children,
}: {
  event: PublicEvent;
  viewer: MenuViewer;
  bare?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(["event-shell", "common"]);
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const entries = menuEntriesFor(viewer);
  const { iframe } = useSearch({ from: "__root__" });

  useEffect(() => {
    document.title = event.name;
  }, [event.name]);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  if (bare) {
    return (
      <div className={styles.bare} style={eventTheme(event)}>
        <a href={`#${MAIN_ID}`} className={styles.skipLink}>
          {t("common:app.skip-to-content")}
        </a>
        <main id={MAIN_ID} tabIndex={-1} className={styles.bareMain}>
          {children}
        </main>
      </div>
    );
  }

  if (iframe !== undefined) {
    return (
      <div className={iframeStyles.page} style={eventTheme(event)} data-testid="iframe-layout">
        <a href={`#${MAIN_ID}`} className={styles.skipLink}>
          {t("common:app.skip-to-content")}
        </a>
        <IframeTopMenu slug={event.slug} loggedIn={viewer.loggedIn} />
        <main id={MAIN_ID} tabIndex={-1} className={iframeStyles.content}>
          <h1 className="visually-hidden" data-testid="event-name">
            {event.name}
          </h1>
          {children}
        </main>
      </div>
    );
  }

  return (
    <div
      className={styles.shell}
      style={eventTheme(event)}
      data-collapsed={!isMobile && collapsed ? "true" : undefined}
    >
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        {t("common:app.skip-to-content")}
      </a>

      {isMobile ? (
        <MobileDrawer
          id={SIDEBAR_ID}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          label={event.name}
          closeLabel={t("drawer.close")}
        >
          <SidebarContent event={event} entries={entries} headingLevel="p" onNavigate={() => setDrawerOpen(false)} />
        </MobileDrawer>
      ) : (
        <aside className={styles.sidebar}>
          <IconButton
            icon={<SidebarIcon />}
            label={t(collapsed ? "sidebar.expand" : "sidebar.collapse")}
            className={styles.sidebarToggle}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            onPress={() => setCollapsed(!collapsed)}
          />
          <div id={SIDEBAR_ID} className={styles.sidebarBody}>
            {collapsed ? (
              <div className={styles.rail}>
                <EventLogo src={event.logo} name={event.name} width={44} height={44} />
                <h1 className="visually-hidden" data-testid="event-name">
                  {event.name}
                </h1>
                <SidebarMenu slug={event.slug} entries={entries} compact />
              </div>
            ) : (
              <SidebarContent event={event} entries={entries} headingLevel="h1" />
            )}
          </div>
        </aside>
      )}

      <div className={styles.main}>
        <header className={styles.topbar}>
          {isMobile ? (
            <>
              <IconButton
                icon={<MenuIcon />}
                label={t("drawer.open")}
                className={styles.menuButton}
                aria-haspopup="dialog"
                aria-expanded={drawerOpen}
                aria-controls={SIDEBAR_ID}
                onPress={() => setDrawerOpen(true)}
              />
              <div className={styles.topbarBrand}>
                <EventLogo src={event.logo} name={event.name} width={64} height={36} />
                <h1 className={styles.topbarName} data-testid="event-name">
                  {event.name}
                </h1>
              </div>
            </>
          ) : null}
          <LocaleSwitcher className={styles.locale} />
        </header>
        <main id={MAIN_ID} tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
    </div>
  );
}
