import { type FormEvent, useRef, useState } from "react";
import * as v from "valibot";
import { type FormProblem, fieldProblems, useFocusFirstProblem } from "./form-problems";
import { useSingleFlight } from "./use-single-flight";

/**
 * A form checked before anything is sent: on submit `values` are parsed with `schema`; problems
 * go under their fields (the first one takes the focus) and nothing is sent; otherwise `send`
 * gets the parsed values, once at a time (a second submit while it is pending is ignored).
 */
export function useFormSubmit<Schema extends v.GenericSchema<Record<string, unknown>>>(
  schema: Schema,
  values: v.InferInput<Schema>,
  send: (parsed: v.InferOutput<Schema>) => Promise<void>,
) {
  type Field = Extract<keyof v.InferInput<Schema>, string>;
  const [problems, setProblems] = useState<Partial<Record<Field, FormProblem>>>({});
  const [pending, run] = useSingleFlight();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, problems);

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const parsed = v.safeParse(schema, values);
    if (!parsed.success) {
      setProblems(fieldProblems<Field>(parsed.issues));
      return;
    }
    setProblems({});
    run(() => send(parsed.output));
  }

  return { form, problems, pending, onSubmit };
}
