import { describeAccessibilitySweep } from "./accessibility-sweep";

describeAccessibilitySweep("the schedule's pages", async () => [
  { path: "/demo", ready: "presentation-card" },
  // A fixed clock before the event: the synopsis scrolls to the event clock's "now", and axe
  // counts a card left under the sticky day and room bars as an obscured target, so the sweep
  // would otherwise depend on the hour it runs at.
  { path: "/demo/synopsis", ready: "synopsis-card", at: new Date(Date.now() - 30 * 24 * 3600 * 1000) },
  { path: "/demo/my-schedule", ready: "schedule-list" },
  { path: "/demo/tutorial", ready: "tutorial" },
  { path: "/demo/999999", ready: "presentation-not-found" },
  { path: "/demo/no/such/page", ready: "invalid-link" },
]);
