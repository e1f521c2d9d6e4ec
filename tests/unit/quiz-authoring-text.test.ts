import { QuestionInput } from "@core/quiz/authoring";
import * as v from "valibot";
import { describe, expect, it } from "vitest";

const question = (text: string, option: string) => ({
  question: text,
  options: [{ option, correct: true }],
});

describe("quiz question texts", () => {
  it("lose control and bidi characters: a question keeps its line breaks, an option is one line", () => {
    const parsed = v.parse(QuestionInput, question("Capital\u202E of\r\nFrance?\u0000", "Pa\u2066ris\n\u0007"));
    expect(parsed.question).toBe("Capital of\nFrance?");
    expect(parsed.options[0]?.option).toBe("Paris");
  });

  it("refuses a text made only of control or bidi characters as empty", () => {
    expect(v.safeParse(QuestionInput, question("\u202E\u0000", "Paris")).success).toBe(false);
    expect(v.safeParse(QuestionInput, question("Capital?", "\u2066\u0007")).success).toBe(false);
  });
});
