import { describe, expect, it } from "vitest";
import { fromEventLocalInput, toEventLocalInput } from "../../web/src/features/quiz-editor/event-local-time";
import {
  checkSettings,
  type SettingsFields,
  settingsFields,
  settingsProblemsFromIssues,
} from "../../web/src/features/quiz-editor/settings-fields";

const PARIS = "Europe/Paris";

const fields = (overrides: Partial<SettingsFields> = {}): SettingsFields => ({
  live: true,
  timer: "30",
  questions_from_time: "2026-06-12T10:00",
  questions_to_time: "2026-06-12T12:00",
  results_from_time: "2026-06-12T12:00",
  results_to_time: "2026-06-12T14:00",
  ...overrides,
});

describe("quiz settings in the sidebar", () => {
  it("times are shown and sent on the event's wall clock, across a daylight-saving change", () => {
    expect(toEventLocalInput("2026-06-12T08:00:00.000Z", PARIS)).toBe("2026-06-12T10:00");
    expect(toEventLocalInput("2026-01-12T09:00:00.000Z", PARIS)).toBe("2026-01-12T10:00");
    expect(fromEventLocalInput("2026-06-12T10:00", PARIS)).toBe("2026-06-12T08:00:00.000Z");
    expect(fromEventLocalInput("2026-01-12T10:00", "America/New_York")).toBe("2026-01-12T15:00:00.000Z");
    expect(fromEventLocalInput("", PARIS)).toBeNull();
  });

  it("reads the server's settings into the form and sends them back unchanged", () => {
    const view = {
      live: false,
      timer: 45,
      questions_from_time: "2026-06-12T08:00:00.000Z",
      questions_to_time: "2026-06-12T10:00:00.000Z",
      results_from_time: "2026-06-12T10:00:00.000Z",
      results_to_time: "2026-06-12T12:00:00.000Z",
    };
    const form = settingsFields(view, PARIS);
    expect(form).toEqual({
      live: false,
      timer: "45",
      questions_from_time: "2026-06-12T10:00",
      questions_to_time: "2026-06-12T12:00",
      results_from_time: "2026-06-12T12:00",
      results_to_time: "2026-06-12T14:00",
    });
    expect(checkSettings(form, PARIS).body).toEqual(view);
  });

  it("inverted windows get the spec's messages under the To fields, and nothing to send", () => {
    const checked = checkSettings(
      fields({ questions_to_time: "2026-06-12T09:00", results_to_time: "2026-06-12T12:00" }),
      PARIS,
    );
    expect(checked.body).toBeUndefined();
    expect(checked.problems).toEqual({
      questions_to_time: "settings.problem.questions-order",
      results_to_time: "settings.problem.results-order",
    });
  });

  it("a missing timer and inverted windows are all shown at once", () => {
    expect(checkSettings(fields({ timer: "", questions_to_time: "2026-06-12T09:00" }), PARIS).problems).toEqual({
      timer: "settings.problem.timer-required",
      questions_to_time: "settings.problem.questions-order",
    });
  });

  it("the timer is a required number of seconds, and every time is required", () => {
    expect(checkSettings(fields({ timer: "" }), PARIS).problems).toEqual({ timer: "settings.problem.timer-required" });
    expect(checkSettings(fields({ timer: "2" }), PARIS).problems).toEqual({ timer: "settings.problem.timer-range" });
    expect(checkSettings(fields({ questions_from_time: "" }), PARIS).problems).toEqual({
      questions_from_time: "settings.problem.time-required",
    });
  });

  it("the server's refusal is placed under the field it names", () => {
    expect(
      settingsProblemsFromIssues([
        { path: "body.questions_to_time", message: "Questions To time, should be greater than Questions From time" },
      ]),
    ).toEqual({ questions_to_time: "settings.problem.questions-order" });
  });
});
