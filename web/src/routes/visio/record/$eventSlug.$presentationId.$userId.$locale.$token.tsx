import { IdText } from "@core/ids";
import { createFileRoute } from "@tanstack/react-router";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import * as v from "valibot";
import { InvalidLinkScreen } from "../../../features/invalid-link/invalid-link-screen";
import { LOCALES, localeAtom } from "../../../lib/locale";
import { RecordingLink } from "./-recording-link";

export const Route = createFileRoute("/visio/record/$eventSlug/$presentationId/$userId/$locale/$token")({
  component: Page,
});

const Params = v.object({
  eventSlug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  presentationId: IdText,
  userId: IdText,
  locale: v.string(),
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
});

/** Spec 1 `/visio/record/{eventSlug}/{presentationId}/{userId}/{locale}/{token}`: the recorder, in the link's language. */
function Page() {
  const parsed = v.safeParse(Params, Route.useParams());
  const setLocale = useSetAtom(localeAtom);
  const locale = parsed.success ? parsed.output.locale : null;
  useEffect(() => {
    const known = LOCALES.find((candidate) => candidate === locale);
    if (known) setLocale(known);
  }, [locale, setLocale]);
  if (!parsed.success) return <InvalidLinkScreen />;
  const { eventSlug, presentationId, userId, token } = parsed.output;
  return <RecordingLink slug={eventSlug} presentationId={presentationId} userId={userId} token={token} />;
}
