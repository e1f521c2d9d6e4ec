/**
 * The Q&A changes the forum room pushes (docs/protocol.md, change feed), checked by the client
 * before it applies them.
 */
import * as v from "valibot";
import { Id } from "../ids";
import type { QaChange } from "../qa/changes";

/** A question as the room pushes it: the same for every reader, so without `asked_by_user`. */
export const QaQuestionSchema = v.object({
  id: Id,
  question: v.string(),
  created_at: v.number(),
  votes: v.number(),
  status: v.picklist(["pending", "open", "answered"]),
  hidden: v.boolean(),
  author: v.nullable(v.string()),
  voted_by_user: v.boolean(),
});

const change = <Type extends string, Data extends v.GenericSchema>(type: Type, data: Data) =>
  v.object({ type: v.literal(type), data });

export const QaChangeSchema: v.GenericSchema<unknown, QaChange> = v.variant("type", [
  change("qa_question", v.object({ question: QaQuestionSchema })),
  change("qa_votes", v.object({ id: Id, votes: v.number() })),
  change("qa_removed", v.object({ id: Id })),
  change("qa_queue", v.object({ id: Id })),
  change("qa_featured", v.object({ id: v.nullable(Id) })),
  change("qa_settings", v.object({ requireApproval: v.boolean(), allowAnonymous: v.boolean() })),
]);
