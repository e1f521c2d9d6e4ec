import { describeAccessibilitySweep } from "./accessibility-sweep";

describeAccessibilitySweep("the schedule's pages", async () => [
  { path: "/demo", ready: "presentation-card" },
  { path: "/demo/synopsis", ready: "synopsis-card" },
  { path: "/demo/my-schedule", ready: "schedule-list" },
  { path: "/demo/tutorial", ready: "tutorial" },
  { path: "/demo/999999", ready: "presentation-not-found" },
  { path: "/demo/no/such/page", ready: "invalid-link" },
]);
