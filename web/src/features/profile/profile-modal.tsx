import { eventTheme } from "@core/schedule/event-theme";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app-state/session";
import { Dialog } from "../../components/dialog";
import { CameraIcon, FileTextIcon, KeyIcon } from "../../components/icons";
import { Tab, TabList, TabPanel, Tabs } from "../../components/tabs";
import { PasswordForm } from "./password-form";
import { PersonalDataPanel } from "./personal-data-panel";
import { PhotoForm } from "./photo-form";
import styles from "./profile-modal.module.css";

const TABS = [
  { id: "photo", label: "tab.photo", icon: CameraIcon },
  { id: "password", label: "tab.password", icon: KeyIcon },
  { id: "data", label: "tab.data", icon: FileTextIcon },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * Spec §2 profile modal: tabs 'change photo' (name and picture) and 'change password', and 'my data'
 * (download it, delete the account).
 */
export function ProfileModal({ event, onClose }: { event: PublicEvent; onClose: () => void }) {
  const { t } = useTranslation("profile");
  const [session] = useSession(event.slug);
  const [tab, setTab] = useState<TabId>("photo");
  if (!session) return null;
  return (
    <Dialog
      title={t("modal.title")}
      onClose={onClose}
      width={500}
      style={eventTheme(event)}
      testId="profile-modal"
      closeTestId="profile-close"
    >
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabId)}>
        <TabList aria-label={t("modal.title")} items={TABS}>
          {({ id, label, icon: Icon }) => (
            <Tab id={id} icon={<Icon />} data-testid={`profile-tab-${id}`}>
              {t(label)}
            </Tab>
          )}
        </TabList>
        <TabPanel id="photo" className={styles.panel}>
          <PhotoForm slug={event.slug} session={session} />
        </TabPanel>
        <TabPanel id="password" className={styles.panel}>
          <PasswordForm slug={event.slug} />
        </TabPanel>
        <TabPanel id="data" className={styles.panel}>
          <PersonalDataPanel slug={event.slug} onAccountDeleted={onClose} />
        </TabPanel>
      </Tabs>
    </Dialog>
  );
}
