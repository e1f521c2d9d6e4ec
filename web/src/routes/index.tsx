import { createFileRoute } from "@tanstack/react-router";
import { InvalidLinkScreen } from "../features/invalid-link/invalid-link-screen";

// Spec §2: the first segment is always the event slug; without one the link is invalid.
export const Route = createFileRoute("/")({
  component: InvalidLinkScreen,
});
