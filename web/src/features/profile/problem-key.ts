import type { FormProblem } from "../../lib/form-problems";

/** The profile's message key of a form problem: the core schema's "error.atleast6" is 'form.too.short' here (spec §5). */
export const problemKey = (problem: FormProblem) => (problem === "error.atleast6" ? "form.too.short" : problem);
