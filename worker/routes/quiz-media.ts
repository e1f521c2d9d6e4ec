import { MAX_PICTURE_BYTES } from "@core/auth/schemas";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody, SMALL_JSON_BYTES } from "../body-limit";
import {
  abortVideoUpload,
  completeVideoUpload,
  MAX_VIDEO_PARTS,
  startVideoUpload,
  storeQuizImage,
  uploadVideoPart,
  VIDEO_PART_BYTES,
} from "../files/quiz-media";
import { IdParam, valid } from "../validation";
import { QuizPasswordQuery } from "./quiz-password-query";
import { openRouteManagedQuiz, QuizPresentationParam } from "./quiz-route-context";

const Key = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const UploadId = v.pipe(v.string(), v.minLength(1), v.maxLength(1_000));
const UploadQuery = v.object({ ...QuizPasswordQuery.entries, key: Key, uploadId: UploadId });
const PartNumber = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,4}$/), v.transform(Number));

/** Question images and videos (live quiz spec §5): moderators and the presentation's own speaker. */
export const quizMediaRoutes = new Hono<AppEnv & SessionEnv>()
  .put(
    "/quiz/:presentationId/media/image",
    requireSession,
    limitBody(MAX_PICTURE_BYTES),
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      return c.json({ data: { image: await storeQuizImage(c.env.FILES, presentation.id, c.req.raw) } }, 201);
    },
  )
  .post(
    "/quiz/:presentationId/media/videos",
    requireSession,
    limitBody(SMALL_JSON_BYTES),
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    valid(
      "json",
      v.object({
        size: v.pipe(v.number(), v.integer(), v.minValue(1)),
        type: v.pipe(v.string(), v.maxLength(200)),
      }),
    ),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      return c.json({ data: await startVideoUpload(c.env.FILES, presentation.id, c.req.valid("json")) }, 201);
    },
  )
  .put(
    "/quiz/:presentationId/media/videos/parts/:partNumber",
    requireSession,
    limitBody(VIDEO_PART_BYTES),
    valid("param", v.object({ presentationId: IdParam, partNumber: PartNumber })),
    valid("query", UploadQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const { password: _, ...upload } = c.req.valid("query");
      const target = { ...upload, partNumber: c.req.valid("param").partNumber };
      return c.json({ data: await uploadVideoPart(c.env.FILES, presentation.id, target, c.req.raw) }, 200);
    },
  )
  .post(
    "/quiz/:presentationId/media/videos/complete",
    requireSession,
    limitBody(SMALL_JSON_BYTES),
    valid("param", QuizPresentationParam),
    valid("query", QuizPasswordQuery),
    valid(
      "json",
      v.object({
        key: Key,
        uploadId: UploadId,
        parts: v.pipe(
          v.array(
            v.object({
              partNumber: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_VIDEO_PARTS)),
              etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
            }),
          ),
          v.minLength(1),
          v.maxLength(MAX_VIDEO_PARTS),
        ),
      }),
    ),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      return c.json({ data: await completeVideoUpload(c.env.FILES, presentation.id, c.req.valid("json")) }, 201);
    },
  )
  .delete(
    "/quiz/:presentationId/media/videos",
    requireSession,
    valid("param", QuizPresentationParam),
    valid("query", UploadQuery),
    async (c) => {
      const presentation = await openRouteManagedQuiz(c);
      const { password: _, ...target } = c.req.valid("query");
      await abortVideoUpload(c.env.FILES, presentation.id, target);
      return c.json({ data: { key: target.key, aborted: true } }, 200);
    },
  );
