import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { formatMinutes } from "@core/schedule/time-of-day";
import { useTranslation } from "react-i18next";
import { ClockIcon, PinIcon } from "./icons";

/**
 * When and where a talk is, as the items of a facts list (the speaker's sidebars and the video
 * page): its date and time range, its time range alone, or neither (viewmode=virtual), then its
 * room when it has one.
 */
export function TalkWhenWhere({
  presentation,
  when,
  iconClassName,
}: {
  presentation: Pick<PublicPresentation, "date" | "time" | "end_time" | "room_info">;
  when: "date-and-time" | "time" | "none";
  iconClassName: string | undefined;
}) {
  const { i18n } = useTranslation();
  const range = `${formatMinutes(presentation.time)}–${formatMinutes(presentation.end_time)}`;
  return (
    <>
      {when === "none" ? null : (
        <li>
          <ClockIcon className={iconClassName} />
          <span>
            {when === "date-and-time" ? `${formatLongDate(presentation.date, i18n.language)}, ${range}` : range}
          </span>
        </li>
      )}
      {presentation.room_info ? (
        <li>
          <PinIcon className={iconClassName} />
          <span>{presentation.room_info.name}</span>
        </li>
      ) : null}
    </>
  );
}
