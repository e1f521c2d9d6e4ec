import { liveRoomUrl, mayJoinLiveRoom, roomNameSlug } from "@core/visio/live-room";
import { describe, expect, it } from "vitest";

const TALK = { slug: "demo", roomId: 3, roomName: "Amphithéâtre Lumière", presentationId: 1017 };

describe("a talk's live room address", () => {
  it("fills every placeholder of the event's template, the room's name as a lowercase word", () => {
    expect(liveRoomUrl("https://meet.jit.si/{slug}-{roomName}-{presentationId}", TALK)).toBe(
      "https://meet.jit.si/demo-amphitheatre-lumiere-1017",
    );
    expect(liveRoomUrl("https://bbb.example.org/rooms/{slug}-{roomId}/join", TALK)).toBe(
      "https://bbb.example.org/rooms/demo-3/join",
    );
    expect(roomNameSlug("  Salle n°2 — Rhône / Saône ")).toBe("salle-n-2-rhone-saone");
  });

  it("gives no address when the filled template is not an http(s) address", () => {
    expect(liveRoomUrl("javascript:alert({slug})", TALK)).toBeNull();
    expect(liveRoomUrl("https://meet.example/a b/{slug}", TALK)).toBeNull();
    expect(liveRoomUrl('https://meet.example/"{slug}"', TALK)).toBeNull();
  });

  it("opens to attendees on the talk's day, to its speaker and the moderators any day", () => {
    const talk = { speakerId: 7, date: "2026-11-25" };
    const attendee = { isModerator: false, speakerId: null };
    expect(mayJoinLiveRoom(attendee, talk, "2026-11-25")).toBe(true);
    expect(mayJoinLiveRoom(attendee, talk, "2026-11-24")).toBe(false);
    expect(mayJoinLiveRoom({ isModerator: false, speakerId: 7 }, talk, "2026-11-24")).toBe(true);
    expect(mayJoinLiveRoom({ isModerator: false, speakerId: 8 }, talk, "2026-11-24")).toBe(false);
    expect(mayJoinLiveRoom({ isModerator: true, speakerId: null }, talk, "2026-11-24")).toBe(true);
  });
});
