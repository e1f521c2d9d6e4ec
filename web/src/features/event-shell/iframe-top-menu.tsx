import { Link } from "@tanstack/react-router";
import { useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarIcon, LogoutIcon, TimetableIcon, UserIcon } from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import styles from "./iframe-top-menu.module.css";
import { AccountMenuContext } from "./menu-entries";

/** How long 'work in progress' stays under the menu. */
const WORK_IN_PROGRESS_MS = 4000;

/**
 * The top menu of the embedded layout (spec §2 `iframe`): Schedule, Synopsis (which only says
 * 'work in progress' there, spec §8, in a notice under the bar rather than a browser alert), and
 * for logged-in users Profile and Logout.
 */
export function IframeTopMenu({ slug, loggedIn }: { slug: string; loggedIn: boolean }) {
  const { t } = useTranslation("schedule");
  const account = useContext(AccountMenuContext);
  const [workInProgress, setWorkInProgress] = useState(0);
  useEffect(() => {
    if (!workInProgress) return;
    const timer = setTimeout(() => setWorkInProgress(0), WORK_IN_PROGRESS_MS);
    return () => clearTimeout(timer);
  }, [workInProgress]);
  return (
    <header className={styles.bar} data-testid="iframe-top-menu">
      <nav aria-label={t("iframe-menu.label")}>
        <ul className={styles.menu}>
          <li>
            <Link
              to="/$slug"
              params={{ slug }}
              search={(current) => ({ ...current, login: undefined })}
              activeOptions={{ exact: true, includeSearch: false }}
              className={styles.entry}
              data-testid="iframe-menu-schedule"
            >
              <CalendarIcon />
              {t("iframe-menu.schedule")}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.entry}
              onClick={() => setWorkInProgress((shown) => shown + 1)}
              data-testid="iframe-menu-synopsis"
            >
              <TimetableIcon />
              {t("iframe-menu.synopsis")}
            </button>
          </li>
          {loggedIn && account ? (
            <>
              <li>
                <button
                  type="button"
                  className={styles.entry}
                  onClick={account.openProfile}
                  data-testid="iframe-menu-profile"
                >
                  <UserIcon />
                  {t("iframe-menu.profile")}
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={styles.entry}
                  onClick={account.logOut}
                  data-testid="iframe-menu-logout"
                >
                  <LogoutIcon />
                  {t("iframe-menu.logout")}
                </button>
              </li>
            </>
          ) : null}
        </ul>
      </nav>
      <LocaleSwitcher className={styles.locale} />
      <p className={styles.notice} role="status" data-testid="iframe-work-in-progress">
        {workInProgress ? t("iframe-menu.work-in-progress") : null}
      </p>
    </header>
  );
}
