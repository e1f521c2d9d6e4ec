import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { MenuEntry } from "./menu-entries";
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
  return (
    <nav aria-label={t("menu.label")} className={styles.nav}>
      <ul className={`${styles.menu} ${compact ? styles.compact : ""}`}>
        {entries.map(({ id, label, icon: Icon, to, search }) => (
          <li key={id}>
            <Link
              to={to}
              params={{ slug }}
              search={(current) => ({ ...current, login: undefined, ...search })}
              // The query is part of the page: "login requested" is not "the schedule".
              activeOptions={{ exact: true, includeSearch: search.login !== undefined }}
              className={styles.link}
              title={compact ? t(label) : undefined}
              onClick={onNavigate}
            >
              <Icon className={styles.icon} />
              <span className={compact ? "visually-hidden" : styles.label}>{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
