import type { SpeakerInfo } from "./public-schedule";

/** "Dr. Jane Doe": title, first and last name, whichever are present. */
export function speakerName(speaker: Pick<SpeakerInfo, "title" | "firstName" | "lastName">): string {
  return [speaker.title, speaker.firstName, speaker.lastName].filter((part) => part?.trim()).join(" ");
}
