import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { getJson, importOk } from "./admin-client";

let open: number;
let locked: number;

interface SeededOption {
  text: string;
  correct: boolean;
}

/** A question with its options, written as the question editor stores them. */
async function seedQuestion(
  presentationId: number,
  order: number,
  text: string,
  options: SeededOption[],
  extra: {
    visible?: boolean;
    isSurvey?: boolean;
    image?: string;
    videoKey?: string;
    activeMedia?: "image" | "video" | "";
  } = {},
) {
  const question = await env.DB.prepare(
    'INSERT INTO quiz_questions (presentation_id, question, "order", visible, is_survey, image, video_key, active_media) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      presentationId,
      text,
      order,
      extra.visible === false ? 0 : 1,
      extra.isSurvey ? 1 : 0,
      extra.image ?? null,
      extra.videoKey ?? null,
      extra.activeMedia ?? "",
    )
    .first<{ id: number }>();
  // Stored in reverse so that the answer has to follow the options' order, not their ids.
  for (const [index, option] of [...options.entries()].reverse()) {
    await env.DB.prepare('INSERT INTO quiz_options (question_id, option, correct, "order") VALUES (?, ?, ?, ?)')
      .bind(question?.id, option.text, option.correct ? 1 : 0, index + 1)
      .run();
  }
  return question?.id as number;
}

const options = (texts: string[], correct: number[]) =>
  texts.map((text, index) => ({ text, correct: correct.includes(index) }));

beforeAll(async () => {
  await importOk("quiz-texts", frab);
  // Protected by its password only: anonymous visitors who know it may read the questions.
  await importOk("quiz-texts-locked", { ...frab, engagement: { password: "salon2026" } });
  open = (await getJson("/api/public/schedule/quiz-texts")).body.data.presentations[0]._id;
  locked = (await getJson("/api/public/schedule/quiz-texts-locked?password=salon2026")).body.data.presentations[0]._id;
});

describe("the public texts of a live quiz", () => {
  it("lists the visible questions in order with their options in order and never the correct flags", async () => {
    await seedQuestion(open, 3, "Hidden draft", options(["x", "y"], [0]), { visible: false });
    const multi = await seedQuestion(open, 2, "Which are fruits?", options(["Apple", "Carrot", "Pear"], [0, 2]), {
      image: "/files/questions/fruit.png",
      activeMedia: "image",
    });
    const single = await seedQuestion(open, 1, "Capital of France?", options(["Lyon", "Paris"], [1]), {
      image: "/files/questions/unused.png",
      activeMedia: "",
    });
    const survey = await seedQuestion(open, 4, "Your mood?", options(["Good", "Great"], []), { isSurvey: true });

    const { status, body } = await getJson(`/api/quiz/${open}/questions/public`);
    expect(status).toBe(200);
    const questions = body.data.questions as {
      id: number;
      question: string;
      image: string | null;
      order: number;
      is_survey: boolean;
      answer_count: number;
      options: { id: number; option: string; order: number }[];
    }[];
    expect(questions.map((question) => question.id)).toEqual([single, multi, survey]);
    expect(questions[0]).toMatchObject({
      question: "Capital of France?",
      image: null,
      is_survey: false,
      answer_count: 1,
    });
    expect(questions[1]).toMatchObject({ image: "/files/questions/fruit.png", answer_count: 2 });
    expect(questions[2]).toMatchObject({ is_survey: true, answer_count: 1 });
    expect(questions[1]?.options.map((option) => [option.option, option.order])).toEqual([
      ["Apple", 1],
      ["Carrot", 2],
      ["Pear", 3],
    ]);
    expect(JSON.stringify(body)).not.toContain("correct");
  });

  it("gives the active video as an address of our files, and no video when the image is active", async () => {
    const presentation = (await getJson("/api/public/schedule/quiz-texts")).body.data.presentations[2]._id;
    await seedQuestion(presentation, 1, "What happens next?", options(["A jump", "A fall"], [0]), {
      image: "/files/questions/still.png",
      videoKey: "quiz/clip.mp4",
      activeMedia: "video",
    });
    await seedQuestion(presentation, 2, "And here?", options(["Rain", "Sun"], [1]), {
      image: "/files/questions/sky.png",
      videoKey: "quiz/sky.mp4",
      activeMedia: "image",
    });
    const { body } = await getJson(`/api/quiz/${presentation}/questions/public`);
    expect(
      body.data.questions.map((question: { image: string | null; video: string | null }) => question),
    ).toMatchObject([
      { image: null, video: "/api/files/quiz/clip.mp4" },
      { image: "/files/questions/sky.png", video: null },
    ]);
  });

  it("answers an empty list for a presentation without questions and 404 for an unknown one", async () => {
    const presentations = (await getJson("/api/public/schedule/quiz-texts")).body.data.presentations;
    const empty = await getJson(`/api/quiz/${presentations[1]._id}/questions/public`);
    expect(empty).toMatchObject({ status: 200, body: { data: { questions: [] } } });
    const unknown = await getJson("/api/quiz/999999/questions/public");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("presentation-not-found");
    expect((await getJson("/api/quiz/abc/questions/public")).status).toBe(400);
  });

  it("keeps the questions of a protected event behind its password", async () => {
    await seedQuestion(locked, 1, "Secret question", options(["a", "b"], [0]));
    const missing = await getJson(`/api/quiz/${locked}/questions/public`);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe("error.prompt-password");
    const wrong = await getJson(`/api/quiz/${locked}/questions/public?password=nope`);
    expect(wrong.status).toBe(403);
    const right = await getJson(`/api/quiz/${locked}/questions/public?password=salon2026`);
    expect(right.status).toBe(200);
    expect(right.body.data.questions.map((question: { question: string }) => question.question)).toEqual([
      "Secret question",
    ]);
  });
});
