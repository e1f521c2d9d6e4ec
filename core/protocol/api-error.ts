/**
 * The error envelope of every HTTP answer that is not a success (docs/api.md, "Errors"): the
 * Worker writes it (worker/errors.ts), the web reads it (web/src/lib/api.ts).
 */
import * as v from "valibot";

/** One refused part of a request: where (`body.questions.3.question`, `params.id`) and why. */
const FieldIssueSchema = v.object({ path: v.string(), message: v.string() });
export type FieldIssue = v.InferOutput<typeof FieldIssueSchema>;

export const ErrorBodySchema = v.object({
  error: v.object({
    /** An `ErrorCode`; read as a plain string so that a newer server's code is not a broken answer. */
    code: v.string(),
    /** In the request's language (`x-locale`, else `Accept-Language`; French by default). */
    message: v.string(),
    /** With `validation-failed` and `foreign-id`: every refused field. */
    issues: v.optional(v.array(FieldIssueSchema)),
    /** A technical note in English, for the codes that have one. */
    detail: v.optional(v.string()),
  }),
});
