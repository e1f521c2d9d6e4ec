import { ErrorCode } from "@core/errors";
import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { limitRequestBody } from "./body-limit";
import { openDatabase } from "./db/client";
import { requireDeployConfig } from "./deploy-config";
import { errorResponse, handleError } from "./errors";
import { accountRoutes } from "./routes/accounts";
import { adminRoutes } from "./routes/admin";
import { calendarRoutes } from "./routes/calendar";
import { chapterEditRoutes } from "./routes/chapter-edit";
import { clientErrorRoutes } from "./routes/client-errors";
import { devMailboxRoutes } from "./routes/dev-mailbox";
import { fileRoutes } from "./routes/files";
import { forumRoutes } from "./routes/forum";
import { healthRoutes } from "./routes/health";
import { meRoutes } from "./routes/me";
import { myScheduleRoutes } from "./routes/my-schedule";
import { networkCheckRoutes } from "./routes/network-check";
import { presentationFilterRoutes } from "./routes/presentation-filter";
import { presentationPlaysRoutes } from "./routes/presentation-plays";
import { processingRoutes } from "./routes/processing";
import { publicScheduleRoutes } from "./routes/public-schedule";
import { publicVideoRoutes } from "./routes/public-video";
import { qaRoutes } from "./routes/qa";
import { quizRoutes } from "./routes/quiz";
import { quizActivityRoutes } from "./routes/quiz-activity";
import { quizAuthoringRoutes } from "./routes/quiz-authoring";
import { quizMediaRoutes } from "./routes/quiz-media";
import { quizQuestionRoutes } from "./routes/quiz-questions";
import { quizResultRoutes } from "./routes/quiz-results";
import { quizSelfPacedRoutes } from "./routes/quiz-self-paced";
import { quizSettingsRoutes } from "./routes/quiz-settings";
import { slideSearchRoutes } from "./routes/slide-search";
import { speakerVersionRoutes } from "./routes/speaker-versions";
import { speakerRoutes } from "./routes/speakers";
import { talkFeedbackRoutes } from "./routes/talk-feedback";
import { uploadRoutes } from "./routes/uploads";
import { videoPlaysRoutes } from "./routes/video-plays";
import { visioRoutes } from "./routes/visio";

/** The HTTP API, every resource chained so `AppType` carries each route to `hc<AppType>`. */
export const app = new Hono<AppEnv>()
  .basePath("/api")
  // Before anything reads a body: the route's ceiling from worker/body-limit.ts, 64 KiB by default.
  .use(limitRequestBody)
  // A deployment without PUBLIC_URL or JWT_SECRET answers 503 everywhere rather than half-working.
  .use(requireDeployConfig)
  .use(async (c, next) => {
    c.set("db", openDatabase(c.env.DB));
    await next();
  })
  .route("/", healthRoutes)
  .route("/", publicScheduleRoutes)
  .route("/", speakerRoutes)
  .route("/", presentationFilterRoutes)
  .route("/", slideSearchRoutes)
  .route("/", presentationPlaysRoutes)
  .route("/", publicVideoRoutes)
  .route("/", videoPlaysRoutes)
  .route("/", accountRoutes)
  .route("/", meRoutes)
  .route("/", myScheduleRoutes)
  .route("/", speakerVersionRoutes)
  .route("/", chapterEditRoutes)
  .route("/", uploadRoutes)
  .route("/", visioRoutes)
  .route("/", networkCheckRoutes)
  .route("/", calendarRoutes)
  .route("/", forumRoutes)
  .route("/", qaRoutes)
  .route("/", quizActivityRoutes)
  .route("/", quizRoutes)
  .route("/", quizAuthoringRoutes)
  .route("/", quizMediaRoutes)
  .route("/", quizSettingsRoutes)
  .route("/", quizQuestionRoutes)
  .route("/", quizSelfPacedRoutes)
  .route("/", quizResultRoutes)
  .route("/", talkFeedbackRoutes)
  .route("/", fileRoutes)
  .route("/", processingRoutes)
  .route("/", devMailboxRoutes)
  .route("/", clientErrorRoutes)
  .route("/", adminRoutes);

app.onError(handleError);
app.notFound((c) => errorResponse(c, ErrorCode.NotFound));

export type AppType = typeof app;
