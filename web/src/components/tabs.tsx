import type { ReactNode } from "react";
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from "react-aria-components";
import styles from "./tabs.module.css";

/**
 * Tabs over panels (react-aria's: arrows, Home and End move between tabs, the focused tab is
 * shown). Compose `<Tabs><TabList><Tab/>…</TabList><TabPanel/>…</Tabs>`; `className` is layout only.
 */
export function Tabs({ className, ...props }: Omit<TabsProps, "className"> & { className?: string }) {
  return <AriaTabs {...props} className={[styles.tabs, className].filter(Boolean).join(" ")} />;
}

export function TabList<T extends object>({
  className,
  ...props
}: Omit<TabListProps<T>, "className"> & { className?: string }) {
  return <AriaTabList {...props} className={[styles.list, className].filter(Boolean).join(" ")} />;
}

/** A tab: its name, after an optional icon that a phone leaves out to make room. */
export function Tab({
  icon,
  children,
  ...props
}: Omit<TabProps, "className" | "children"> & { icon?: ReactNode; children: ReactNode; "data-testid"?: string }) {
  return (
    <AriaTab {...props} className={styles.tab}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      {children}
    </AriaTab>
  );
}

export function TabPanel({ className, ...props }: Omit<TabPanelProps, "className"> & { className?: string }) {
  return <AriaTabPanel {...props} className={[styles.panel, className].filter(Boolean).join(" ")} />;
}
