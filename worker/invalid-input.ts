import { DomainError, ErrorCode } from "@core/errors";
import type { FieldIssue } from "@core/protocol/api-error";

/**
 * Input refused field by field: answered as its code (`validation-failed` unless told) with every
 * refused field in `error.issues`, so clients place each message by its field.
 */
export class InvalidInput extends DomainError {
  constructor(
    readonly issues: readonly FieldIssue[],
    code: ErrorCode = ErrorCode.ValidationFailed,
  ) {
    super(code, issues.map(({ path, message }) => `${path}: ${message}`).join("; "));
    this.name = "InvalidInput";
  }
}
