/**
 * The live room of a talk (spec 1 §2 LIVESTREAM, Live Stream tab): the event's URL template filled
 * for the talk, and who may join it when.
 */

/** The placeholders a live-room URL template may hold (docs/recording-and-live.md). */
export interface LiveRoomValues {
  slug: string;
  roomId: number;
  roomName: string;
  presentationId: number;
}

const HTTP_ADDRESS = /^https?:\/\/[^\s"'<>\\]+$/i;

/** A room's name as a URL-friendly word: "Salle Ada Lovelace" → "salle-ada-lovelace". */
export function roomNameSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The template with each `{placeholder}` replaced (values URL-encoded, the room name as
 * {@link roomNameSlug}); null unless the result is an http(s) address, so a broken template
 * never sends anyone to a `javascript:` link.
 */
export function liveRoomUrl(template: string, values: LiveRoomValues): string | null {
  const text: Record<keyof LiveRoomValues, string> = {
    slug: values.slug,
    roomId: String(values.roomId),
    roomName: roomNameSlug(values.roomName),
    presentationId: String(values.presentationId),
  };
  const filled = template.replace(/\{(slug|roomId|roomName|presentationId)\}/g, (_, key: keyof LiveRoomValues) =>
    encodeURIComponent(text[key]),
  );
  return HTTP_ADDRESS.test(filled) ? filled : null;
}

interface Member {
  isModerator: boolean;
  speakerId: number | null;
}

/**
 * Spec 1 §6: attendees see LIVESTREAM on the talk's own date only; the talk's speaker (who goes
 * live) and the event's moderators reach the room any day, to prepare it.
 */
export function mayJoinLiveRoom(member: Member, talk: { speakerId: number | null; date: string }, today: string) {
  if (member.isModerator) return true;
  if (member.speakerId !== null && member.speakerId === talk.speakerId) return true;
  return talk.date === today;
}
