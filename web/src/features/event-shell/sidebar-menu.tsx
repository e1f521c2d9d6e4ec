import { Link } from "@tanstack/react-router";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { AccountMenuContext, type MenuEntry } from "./menu-entries";
import styles from "./sidebar-menu.module.css";

/** The event menu; `compact` shows icons only, their names kept for assistive technology and tooltips. */
export function SidebarMenu({
  slug,
  entries,
  compact = false,
  onNavigate,
}: {
  slug: string;
  entries: MenuEntry[];
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("event-shell");
  const account = useContext(AccountMenuContext);
  return (
    <nav aria-label={t("menu.label")} className={styles.nav}>
      <ul className={`${styles.menu} ${compact ? styles.compact : ""}`}>
        {entries.map((entry) => {
          const Icon = entry.icon;
          const content = (
            <>
              <Icon className={styles.icon} />
              <span className={compact ? "visually-hidden" : styles.label}>{t(entry.label)}</span>
            </>
          );
          if (entry.kind === "action") {
            if (!account) return null;
            const act = account[entry.action];
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  className={styles.link}
                  title={compact ? t(entry.label) : undefined}
                  aria-haspopup={entry.action === "openProfile" ? "dialog" : undefined}
                  onClick={() => {
                    onNavigate?.();
                    act();
                  }}
                  data-testid={`menu-${entry.id}`}
                >
                  {content}
                </button>
              </li>
            );
          }
          const { to, search } = entry;
          return (
            <li key={entry.id}>
              <Link
                to={to}
                params={{ slug }}
                search={(current) => ({ ...current, login: undefined, ...search })}
                // The query is part of the page: "login requested" is not "the schedule".
                activeOptions={{ exact: !entry.coversChildren, includeSearch: search.login !== undefined }}
                className={styles.link}
                title={compact ? t(entry.label) : undefined}
                onClick={onNavigate}
                data-testid={`menu-${entry.id}`}
              >
                {content}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
