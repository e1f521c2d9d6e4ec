import type { FieldIssue } from "@core/protocol/api-error";
import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { requestLocale } from "./errors";
import { InvalidInput } from "./invalid-input";
import { registerIssueMessages } from "./issue-messages";

registerIssueMessages();

/** How the issues name the part of the request a validator reads. */
const TARGET_PATHS: Record<keyof ValidationTargets, string> = {
  json: "body",
  form: "body",
  query: "query",
  param: "params",
  header: "headers",
  cookie: "cookies",
};

/** The refused fields of a parse, under the request part they came from: `body.questions.3.question`. */
export function fieldIssues(root: string, issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    return { path: path ? `${root}.${path}` : root, message: issue.message };
  });
}

/**
 * Hono validator backed by a valibot schema: 400 `validation-failed` naming each bad field, with
 * valibot's own messages in the request's language. The route's input is the schema's input and
 * its output the schema's output, so that the web's typed client sends what the schema reads.
 */
type Validated<Target extends keyof ValidationTargets, Schema extends v.GenericSchema> = {
  in: { [K in Target]: v.InferInput<Schema> };
  out: { [K in Target]: v.InferOutput<Schema> };
};

export function valid<Target extends keyof ValidationTargets, Schema extends v.GenericSchema, Path extends string>(
  target: Target,
  schema: Schema,
  // biome-ignore lint/suspicious/noExplicitAny: any route's environment, as Hono's own validators take
): MiddlewareHandler<any, Path, Validated<Target, Schema>> {
  const middleware = validator(target, (value, c: Context): v.InferOutput<Schema> => {
    const result = v.safeParse(schema, value, { lang: requestLocale(c) });
    if (!result.success) throw new InvalidInput(fieldIssues(TARGET_PATHS[target], result.issues));
    return result.output;
  });
  // Hono's validator cannot name a generic schema's types (its own schema validators say the
  // same): the input and output are the schema's, stated here.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  return middleware as unknown as MiddlewareHandler<any, Path, Validated<Target, Schema>>;
}

/** Route parameter (or query value) holding a database id. */
export { IdText as IdParam } from "@core/ids";

/** An event slug: lowercase letters, digits and dashes, as in URLs. */
export const SlugParam = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/));
