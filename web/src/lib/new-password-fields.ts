import { Password } from "@core/auth/schemas";
import * as v from "valibot";

/**
 * A new password typed twice (spec §5 reset password and profile): the password as the core rules
 * want it, the confirmation required and equal ('password.dont-match', under the confirmation).
 */
export const NewPasswordFields = v.pipe(
  v.object({ password: Password, confirm: v.pipe(v.string(), v.nonEmpty("required")) }),
  v.forward(
    v.partialCheck([["password"], ["confirm"]], (fields) => fields.password === fields.confirm, "password.dont-match"),
    ["confirm"],
  ),
);
