import { describe, expect, it } from "vitest";
import { activeTab } from "../../web/src/features/presentation/presentation-tab-rules";

describe("the quiz top bar's current tab", () => {
  const base = "/demo/12";

  it("lights Watch video on the presentation page itself", () => {
    expect(activeTab("/demo/12", base)).toBe("watch");
    expect(activeTab("/demo/12/", base)).toBe("watch");
  });

  it("lights Quiz on the self-paced quiz and on the live quiz's waiting page", () => {
    expect(activeTab("/demo/12/quiz", base)).toBe("quiz");
    expect(activeTab("/demo/12/quiz-intro", base)).toBe("quiz");
  });

  it("keeps Manage quiz lit on every page the moderator runs the live quiz from", () => {
    for (const module of ["quiz-moderator", "quiz-user-list", "quiz-questions", "podium/4", "final-podium"])
      expect(activeTab(`/demo/12/${module}`, base)).toBe("manage-quiz");
  });

  it("lights Quiz results and Forum on their pages", () => {
    expect(activeTab("/demo/12/quiz-results", base)).toBe("quiz-results");
    expect(activeTab("/demo/12/forum", base)).toBe("forum");
  });

  it("lights nothing on another presentation or an unknown module", () => {
    expect(activeTab("/demo/123/quiz", base)).toBeNull();
    expect(activeTab("/demo/12/tutorial-x", base)).toBeNull();
  });
});
