import { createFileRoute } from "@tanstack/react-router";
import { ScreenLinkPage } from "../features/quiz/screen-link-page";

/**
 * The big screen's read-only link. Outside `/$slug` (an underscore is never in an event slug), so
 * no event access gate asks the projector's computer to log in: the token is the credential.
 */
export const Route = createFileRoute("/screen_link/$token")({
  component: ScreenLink,
});

function ScreenLink() {
  const { token } = Route.useParams();
  return <ScreenLinkPage key={token} token={token} />;
}
