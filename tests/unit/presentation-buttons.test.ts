import { describe, expect, it } from "vitest";
import { presentationButtons, type ScheduleViewer } from "../../web/src/lib/presentation-buttons";

const TODAY = { date: "2026-11-22", minutes: 600 };
const TOMORROW = { date: "2026-11-23", minutes: 600 };
/** 09:00–10:30 on TODAY's date. */
const talk = { publicVideo: false, date: TODAY.date, speaker_id: 7, end_time: 630 };
const event = { forum: true, quiz: true };
const attendee: ScheduleViewer = { userId: 1, isSpeaker: false, isModerator: false, speakerId: null };
const moderator: ScheduleViewer = { ...attendee, isModerator: true };
const ownSpeaker: ScheduleViewer = { ...attendee, isSpeaker: true, speakerId: 7 };
const otherSpeaker: ScheduleViewer = { ...attendee, isSpeaker: true, speakerId: 8 };

describe("schedule card buttons", () => {
  it("Watch video shows only with a public video, for anyone", () => {
    expect(presentationButtons(talk, event, null, TODAY).watchVideo).toBe(false);
    expect(presentationButtons({ ...talk, publicVideo: true }, event, null, TODAY).watchVideo).toBe(true);
  });

  it("FORUM and QUIZ follow the event's switches, also for anonymous visitors", () => {
    expect(presentationButtons(talk, event, null, TODAY)).toMatchObject({ forum: true, quiz: true });
    expect(presentationButtons(talk, { forum: false, quiz: false }, attendee, TODAY)).toMatchObject({
      forum: false,
      quiz: false,
    });
  });

  it("LIVESTREAM is for logged-in attendees on the presentation's own date only", () => {
    expect(presentationButtons(talk, event, attendee, TODAY).livestream).toBe(true);
    expect(presentationButtons(talk, event, attendee, TOMORROW).livestream).toBe(false);
    // Anonymous visitors get it too: it opens the login overlay (spec §6).
    expect(presentationButtons(talk, event, null, TODAY).livestream).toBe(true);
    expect(presentationButtons(talk, event, null, TOMORROW).livestream).toBe(false);
    expect(presentationButtons(talk, event, moderator, TODAY).livestream).toBe(false);
    expect(presentationButtons(talk, event, ownSpeaker, TODAY).livestream).toBe(false);
  });

  it("LIVESTREAM stays once today's talk has ended, out of the live colour; a talk past midnight has not ended", () => {
    expect(presentationButtons(talk, event, attendee, TODAY).livestreamEnded).toBe(false);
    expect(presentationButtons(talk, event, attendee, { ...TODAY, minutes: 630 })).toMatchObject({
      livestream: true,
      livestreamEnded: true,
    });
    expect(
      presentationButtons({ ...talk, end_time: 1_470 }, event, attendee, { ...TODAY, minutes: 1_439 }).livestreamEnded,
    ).toBe(false);
  });

  it("MANAGE QUIZ is for moderators and the presentation's own speaker, when the event has a quiz", () => {
    expect(presentationButtons(talk, event, moderator, TODAY).manageQuiz).toBe(true);
    expect(presentationButtons(talk, event, ownSpeaker, TODAY).manageQuiz).toBe(true);
    expect(presentationButtons(talk, event, otherSpeaker, TODAY).manageQuiz).toBe(false);
    expect(presentationButtons(talk, event, attendee, TODAY).manageQuiz).toBe(false);
    expect(presentationButtons(talk, event, null, TODAY).manageQuiz).toBe(false);
    expect(presentationButtons(talk, { forum: true, quiz: false }, moderator, TODAY).manageQuiz).toBe(false);
  });

  it("a speaker without a speaker id never matches a presentation without one", () => {
    const noSpeaker: ScheduleViewer = { ...attendee, isSpeaker: true, speakerId: null };
    expect(presentationButtons({ ...talk, speaker_id: null }, event, noSpeaker, TODAY).manageQuiz).toBe(false);
  });
});
