import { DomainError, ErrorCode } from "@core/errors";
import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";

/** Names each failing field by its path, e.g. `password: Invalid length`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** Hono validator backed by a valibot schema: 400 `validation-failed` naming the bad fields. */
export function valid<Target extends keyof ValidationTargets, Schema extends v.GenericSchema>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value): v.InferOutput<Schema> => {
    const result = v.safeParse(schema, value);
    if (!result.success) throw new DomainError(ErrorCode.ValidationFailed, describeIssues(result.issues));
    return result.output;
  });
}

/** Route parameter holding a database id. */
export const IdParam = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/), v.transform(Number));

/** An event slug: lowercase letters, digits and dashes, as in URLs. */
export const SlugParam = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/));
