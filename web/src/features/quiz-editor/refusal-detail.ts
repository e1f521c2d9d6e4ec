/**
 * The issues of a refused request's detail, as worker/validation.ts writes them
 * (`questions.1.question: required; timer: …`); bracketed indexes (`questions[0].id`, written by
 * queries) read as dot paths.
 */
export function detailIssues(detail: string | undefined): { path: string; message: string }[] {
  return (detail ?? "").split("; ").flatMap((part) => {
    const separator = part.indexOf(": ");
    if (separator < 0) return [];
    return [{ path: part.slice(0, separator).replace(/\[(\d+)\]/g, ".$1"), message: part.slice(separator + 2) }];
  });
}
