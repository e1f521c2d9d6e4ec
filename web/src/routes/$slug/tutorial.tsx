import { createFileRoute } from "@tanstack/react-router";
import { TutorialCarousel } from "../../features/tutorial/tutorial-carousel";

export const Route = createFileRoute("/$slug/tutorial")({
  component: TutorialPage,
});

/** Spec §1, §2 `/{slug}/tutorial`: the three-slide tutorial, open to everyone who can see the event. */
function TutorialPage() {
  const { slug } = Route.useParams();
  return <TutorialCarousel slug={slug} />;
}
