import type { PublicEvent } from "@core/schedule/public-schedule";
import type { Ref } from "react";
import { EventLogo } from "../../components/event-logo";
import { sidebarEventName } from "./event-name";
import styles from "./watch-page.module.css";

/** Spec §9: sidebar logo box. */
const LOGO_WIDTH = 110;
const LOGO_HEIGHT = 100;

/**
 * The event's logo and name at the top of a watch page's sidebar. Its box is the "logo
 * container" whose width sets the mini player's (spec §9), hence the `ref`.
 */
export function WatchBrand({ ref, event }: { ref: Ref<HTMLDivElement>; event: PublicEvent }) {
  return (
    <div ref={ref} className={styles.brand}>
      <EventLogo src={event.logo} name={event.name} width={LOGO_WIDTH} height={LOGO_HEIGHT} />
      <p className={styles.eventName} title={event.name}>
        {sidebarEventName(event.name)}
      </p>
    </div>
  );
}
