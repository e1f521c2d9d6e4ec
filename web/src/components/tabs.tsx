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
import { AppLink } from "./app-link";
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
  scrollable = false,
  ...props
}: Omit<TabListProps<T>, "className"> & {
  className?: string;
  /**
   * More tabs than a phone's width shares out (a moderator's four lists): there they keep one line
   * each and the list scrolls sideways, as Material's scrollable tabs do, rather than each name
   * wrapping onto two lines.
   */
  scrollable?: boolean;
}) {
  const classes = [styles.list, scrollable ? styles.scrollable : null, className];
  return <AriaTabList {...props} className={classes.filter(Boolean).join(" ")} />;
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

/**
 * Tabs that are pages rather than panels (a talk's Quiz, Forum, Video): links in a list the
 * caller puts in its `<nav>`, one `<li>` each. The current page's tab is marked
 * `aria-current="page"` and filled with the event's colour, so it reads as the one open.
 */
export function PageTabList({
  shareWidthOnPhone = false,
  className,
  children,
}: {
  /** A few tabs (three) that share a phone's width, each its icon over its name, in one row. */
  shareWidthOnPhone?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ul
      className={[styles.pageList, shareWidthOnPhone ? styles.shareWidth : null, className].filter(Boolean).join(" ")}
    >
      {children}
    </ul>
  );
}

/**
 * A page tab: a link to `href` (followed in the app, or with `reload` loaded as its own document,
 * as the spec's external pages are: the recorder, the live room); where the page needs a login
 * first, a button whose `onPress` asks for it; where the page cannot be opened now, a disabled
 * button that says why (`disabledReason`, as its tooltip and to assistive technology).
 */
export function PageTab({
  current,
  icon,
  children,
  testId,
  ...target
}: {
  current: boolean;
  icon?: ReactNode;
  children: ReactNode;
  testId?: string;
} & (
  | { href: string; reload?: boolean; onPress?: never; disabledReason?: never }
  | { onPress: () => void; href?: never; disabledReason?: never }
  | { disabledReason: string; href?: never; onPress?: never }
)) {
  const common = {
    className: styles.pageTab,
    "aria-current": current ? ("page" as const) : undefined,
    "data-testid": testId,
  };
  const content = (
    <>
      {icon}
      {children}
    </>
  );
  if (target.href !== undefined) {
    const Anchor = target.reload ? "a" : AppLink;
    return (
      <Anchor {...common} href={target.href}>
        {content}
      </Anchor>
    );
  }
  if (target.disabledReason !== undefined)
    return (
      <button type="button" {...common} disabled title={target.disabledReason}>
        {content}
        <span className="visually-hidden"> ({target.disabledReason})</span>
      </button>
    );
  return (
    <button type="button" {...common} onClick={target.onPress}>
      {content}
    </button>
  );
}
