import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldIssues } from "../../worker/validation";

const Body = v.object({
  name: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(5)),
  questions: v.array(v.object({ timer: v.pipe(v.number(), v.integer(), v.minValue(5)) })),
});

const issuesOf = (value: unknown, lang: "fr" | "en") => {
  const result = v.safeParse(Body, value, { lang });
  if (result.success) throw new Error("expected a refusal");
  return fieldIssues("body", result.issues);
};

describe("the issues of a refused request", () => {
  it("name each field by its dot path under the request part, in the reader's language", () => {
    const value = { name: "far too long", questions: [{ timer: 10 }, { timer: 2.5 }] };
    expect(issuesOf(value, "en")).toEqual([
      { path: "body.name", message: "Too long: at most 5" },
      { path: "body.questions.1.timer", message: "Must be a whole number" },
      { path: "body.questions.1.timer", message: "Too small: at least 5" },
    ]);
    expect(issuesOf(value, "fr")).toEqual([
      { path: "body.name", message: "Trop long : au plus 5" },
      { path: "body.questions.1.timer", message: "Doit être un nombre entier" },
      { path: "body.questions.1.timer", message: "Trop petit : au moins 5" },
    ]);
  });

  it("keep a schema's own message, which clients map, and name a wrong whole body as the part", () => {
    expect(issuesOf({ name: "", questions: [] }, "fr")).toEqual([{ path: "body.name", message: "required" }]);
    expect(issuesOf(null, "fr")).toEqual([{ path: "body", message: "Object attendu, null reçu" }]);
  });
});
