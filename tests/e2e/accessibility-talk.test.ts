import type { PublicSchedule } from "@core/schedule/public-schedule";
import { describeAccessibilitySweep } from "./accessibility-sweep";
import { demoSpeakerTalk } from "./demo-talk";

describeAccessibilitySweep("a talk's pages and the quiz's", async (baseUrl, sessions) => {
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as { data: PublicSchedule };
  const talk = schedule.data.presentations[0]?._id;
  const speakerTalk = await demoSpeakerTalk(baseUrl, sessions.speaker);
  return [
    { path: `/demo/${talk}`, ready: "presentation-header" },
    { path: `/demo/${talk}/forum`, ready: "forum-live" },
    { path: "/demo/quiz-live", ready: "quiz-login" },
    // A month before the event no talk runs, whatever the hour the test runs at (a talk in
    // progress would take the shortcut to its own quiz instead).
    { path: "/demo/podium", ready: "quiz-shortcut-none", at: new Date(Date.now() - 30 * 24 * 3600 * 1000) },
    // The speaker's own pages: the talk's videos and the device test.
    { path: `/demo/my-presentations/${speakerTalk}/videos`, ready: "versions-page", as: "speaker" },
    { path: `/demo/test/${speakerTalk}`, ready: "device-test", as: "speaker" },
  ];
});
