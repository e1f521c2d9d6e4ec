import { feedbackCsv } from "@core/feedback/feedback-csv";
import { FEEDBACK_COMMENT_MAX_LENGTH, FeedbackInput } from "@core/feedback/feedback-input";
import { type FeedbackRecord, summarizeFeedback } from "@core/feedback/feedback-summary";
import { assertFeedbackOpen, feedbackPhase, feedbackWindow } from "@core/feedback/feedback-window";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/feedback-export.json";

describe("feedback window", () => {
  // 2019-12-28 11:00 in Berlin is 10:00 UTC (winter time, UTC+1).
  const window = feedbackWindow(
    { date: "2019-12-28", time: 11 * 60 },
    { end: "2019-12-30", timeZone: "Europe/Berlin" },
  );

  it("opens at the talk's start on the event's clock and closes at the end of the event's last day there", () => {
    expect(new Date(window.opensAt).toISOString()).toBe("2019-12-28T10:00:00.000Z");
    expect(new Date(window.closesAt).toISOString()).toBe("2019-12-30T23:00:00.000Z");
  });

  it("is before the start, open from the start (included) and closed from the end (included)", () => {
    expect(feedbackPhase(window, window.opensAt - 1)).toBe("before");
    expect(feedbackPhase(window, window.opensAt)).toBe("open");
    expect(feedbackPhase(window, window.closesAt - 1)).toBe("open");
    expect(feedbackPhase(window, window.closesAt)).toBe("closed");
  });

  it("refuses a rating before the start and after the end with their own codes", () => {
    expect(() => assertFeedbackOpen(window, window.opensAt - 1)).toThrow("feedback-not-open");
    expect(() => assertFeedbackOpen(window, window.closesAt)).toThrow("feedback-closed");
    expect(() => assertFeedbackOpen(window, window.opensAt)).not.toThrow();
  });

  it("follows the zone's summer time", () => {
    const summer = feedbackWindow(
      { date: "2026-07-01", time: 9 * 60 },
      { end: "2026-07-01", timeZone: "Europe/Paris" },
    );
    expect(new Date(summer.opensAt).toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(new Date(summer.closesAt).toISOString()).toBe("2026-07-01T22:00:00.000Z");
  });
});

describe("feedback input", () => {
  const parse = (input: unknown) => v.safeParse(FeedbackInput, input);

  it("takes 1 to 5 whole stars and nothing else", () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(parse({ rating }).success).toBe(true);
    for (const rating of [0, 6, 2.5, -1, "3", null]) expect(parse({ rating }).success).toBe(false);
  });

  it("cleans the comment of control and bidi characters, trims it, and reads a blank one as none", () => {
    expect(parse({ rating: 4, comment: "  Great\u0000 talk\u202E!\r\nThanks\u0007  " }).output).toEqual({
      rating: 4,
      comment: "Great talk!\nThanks",
    });
    expect(parse({ rating: 4, comment: "   " }).output).toEqual({ rating: 4, comment: null });
    expect(parse({ rating: 4 }).output).toEqual({ rating: 4, comment: null });
  });

  it("refuses a comment over the documented length", () => {
    expect(parse({ rating: 3, comment: "a".repeat(FEEDBACK_COMMENT_MAX_LENGTH) }).success).toBe(true);
    expect(parse({ rating: 3, comment: "a".repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1) }).success).toBe(false);
  });
});

describe("feedback summary", () => {
  const records: FeedbackRecord[] = [
    { rating: 5, comment: "Loved it", updatedAt: 3, authorName: "Ada" },
    { rating: 4, comment: null, updatedAt: 1, authorName: "Ben" },
    { rating: 2, comment: "Too fast", updatedAt: 5, authorName: null },
  ];

  it("counts, averages and distributes the ratings over 1..5", () => {
    const summary = summarizeFeedback(records, { authorsVisible: false });
    expect(summary).toMatchObject({ count: 3, average: 3.67, distribution: [0, 1, 0, 1, 1] });
  });

  it("lists the comments newest first, without their authors unless the event shows them", () => {
    expect(summarizeFeedback(records, { authorsVisible: false }).comments).toEqual([
      { rating: 2, comment: "Too fast", updatedAt: 5 },
      { rating: 5, comment: "Loved it", updatedAt: 3 },
    ]);
    expect(summarizeFeedback(records, { authorsVisible: true }).comments).toEqual([
      { rating: 2, comment: "Too fast", updatedAt: 5, author: null },
      { rating: 5, comment: "Loved it", updatedAt: 3, author: "Ada" },
    ]);
  });

  it("has no average without ratings", () => {
    expect(summarizeFeedback([], { authorsVisible: false })).toEqual({
      count: 0,
      average: null,
      distribution: [0, 0, 0, 0, 0],
      comments: [],
      authorsVisible: false,
    });
  });
});

describe("feedback CSV", () => {
  const rows = [
    {
      presentationId: 7,
      title: "Threat models, for everyone",
      rating: 4,
      comment: '=HYPERLINK("x")\nsecond line',
      updatedAt: Date.UTC(2026, 10, 27, 13, 0),
      authorName: "Ada",
    },
    {
      presentationId: 9,
      title: "Opening",
      rating: 2,
      comment: null,
      updatedAt: Date.UTC(2026, 10, 27),
      authorName: "Ben",
    },
  ];

  it("writes one row per rating, quoted and formula-safe, without authors by default", () => {
    const csv = feedbackCsv({ labels: en, rows, authorsVisible: false });
    expect(csv).toBe(
      "\uFEFFTalk id,Talk title,Rating,Comment,Updated at\r\n" +
        '7,"Threat models, for everyone",4,"\'=HYPERLINK(""x"")\nsecond line",2026-11-27T13:00:00.000Z\r\n' +
        "9,Opening,2,,2026-11-27T00:00:00.000Z\r\n",
    );
    expect(csv).not.toContain("Ada");
  });

  it("adds the author's name only when the event shows authors", () => {
    const csv = feedbackCsv({ labels: en, rows, authorsVisible: true });
    expect(csv.split("\r\n")[0]).toBe("\uFEFFTalk id,Talk title,Rating,Comment,Updated at,Author");
    expect(csv.split("\r\n")[2]).toBe("9,Opening,2,,2026-11-27T00:00:00.000Z,Ben");
  });
});
