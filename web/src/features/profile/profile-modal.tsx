import { eventTheme } from "@core/schedule/event-theme";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app-state/session";
import buttons from "../../components/button.module.css";
import { CameraIcon, CloseIcon, FileTextIcon, KeyIcon } from "../../components/icons";
import { ModalDialog } from "../../components/modal-dialog";
import { PasswordForm } from "./password-form";
import { PersonalDataPanel } from "./personal-data-panel";
import { PhotoForm } from "./photo-form";
import styles from "./profile-modal.module.css";

const TABS = [
  { id: "photo", label: "tab.photo", icon: CameraIcon },
  { id: "password", label: "tab.password", icon: KeyIcon },
  { id: "data", label: "tab.data", icon: FileTextIcon },
] as const;
type Tab = (typeof TABS)[number]["id"];

/**
 * Spec §2 profile modal: tabs 'change photo' (name and picture) and 'change password', and 'my data'
 * (download it, delete the account).
 */
export function ProfileModal({ event, onClose }: { event: PublicEvent; onClose: () => void }) {
  const { t } = useTranslation("profile");
  const [session] = useSession(event.slug);
  const [tab, setTab] = useState<Tab>("photo");
  const titleId = useId();
  const tabIds = { photo: useId(), password: useId(), data: useId() };
  const panelId = useId();
  const tabList = useRef<HTMLDivElement>(null);

  // WAI-ARIA tabs: arrows move between the tabs, and the tab that takes focus is shown.
  function onTabKey(key: KeyboardEvent<HTMLDivElement>) {
    if (key.key !== "ArrowLeft" && key.key !== "ArrowRight" && key.key !== "Home" && key.key !== "End") return;
    key.preventDefault();
    const index = TABS.findIndex((candidate) => candidate.id === tab);
    const next =
      key.key === "Home"
        ? 0
        : key.key === "End"
          ? TABS.length - 1
          : (index + (key.key === "ArrowRight" ? 1 : -1) + TABS.length) % TABS.length;
    const nextTab = TABS[next];
    if (!nextTab) return;
    setTab(nextTab.id);
    tabList.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabIds[nextTab.id])}`)?.focus();
  }

  if (!session) return null;
  return (
    <ModalDialog
      labelledBy={titleId}
      onDismiss={onClose}
      className={styles.dialog}
      style={eventTheme(event)}
      testId="profile-modal"
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t("modal.title")}
        </h2>
        <button
          type="button"
          className={`${buttons.icon} ${styles.close}`}
          aria-label={t("close")}
          title={t("close")}
          onClick={onClose}
          data-testid="profile-close"
        >
          <CloseIcon />
        </button>
      </header>
      <div ref={tabList} className={styles.tabs} role="tablist" aria-labelledby={titleId} onKeyDown={onTabKey}>
        {TABS.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            id={tabIds[id]}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === id}
            aria-controls={panelId}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            data-testid={`profile-tab-${id}`}
          >
            <Icon className={styles.tabIcon} />
            {t(label)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabIds[tab]} className={styles.panel}>
        {tab === "photo" ? (
          <PhotoForm slug={event.slug} session={session} />
        ) : tab === "password" ? (
          <PasswordForm slug={event.slug} />
        ) : (
          <PersonalDataPanel slug={event.slug} onAccountDeleted={onClose} />
        )}
      </div>
    </ModalDialog>
  );
}
