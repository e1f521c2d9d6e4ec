import { DEMO_QUIZ } from "./demo/demo-quiz";
import { buildDemoPrivateSchedule, buildDemoSchedule, DEMO_SPEAKER_EXTERNAL_ID } from "./demo/demo-schedule";
import { type AdminClient, describeImport, type MemberInput } from "./lib/admin-client";

export const DEMO_PASSWORD = "demo-pass";
export const DEMO_EVENT_PASSWORD = "salon2026";

export const DEMO_ACCOUNTS = [
  { email: "attendee@demo.test", role: "attendee" },
  { email: "speaker@demo.test", role: "speaker" },
  { email: "moderator@demo.test", role: "moderator" },
] as const;

function demoMembers(slug: string): MemberInput[] {
  return [
    { email: "attendee@demo.test", name: "Camille Martin", password: DEMO_PASSWORD },
    {
      email: "speaker@demo.test",
      name: "Speaker Demo",
      password: DEMO_PASSWORD,
      isSpeaker: slug === "demo",
      ...(slug === "demo" ? { speakerExternalId: DEMO_SPEAKER_EXTERNAL_ID } : {}),
    },
    { email: "moderator@demo.test", name: "Alex Moderateur", password: DEMO_PASSWORD, isModerator: true },
  ];
}

/** Whether the demo event is already there (the seed runs only on an empty database). */
export async function demoExists(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/public/schedule-basic/demo`);
  return response.ok;
}

/** Saves the demo quiz's questions as the moderator would, through the question editor's API. */
async function seedDemoQuiz(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/event-engagement/demo/user-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "moderator@demo.test", password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
  if (!talk) throw new Error(`The demo quiz's talk "${DEMO_QUIZ.presentationName}" is not in the demo schedule`);
  const saved = await fetch(`${baseUrl}/api/quiz/${talk._id}/questions`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${data.token}` },
    body: JSON.stringify({ questions: DEMO_QUIZ.questions }),
  });
  if (!saved.ok) throw new Error(`Saving the demo quiz failed: ${saved.status} ${await saved.text()}`);
  console.log(`Demo quiz: ${DEMO_QUIZ.questions.length} questions on "${talk.name}"`);
}

/** Imports both demo events through the same importer as any schedule, then their accounts and quiz. */
export async function seedDemo(client: AdminClient, baseUrl: string, today = new Date()): Promise<void> {
  const events = [
    { slug: "demo", schedule: buildDemoSchedule(today) },
    { slug: "demo-private", schedule: buildDemoPrivateSchedule(today) },
  ];
  for (const { slug, schedule } of events) {
    const report = await client.importSchedule(slug, schedule);
    console.log(describeImport(slug, report));
    for (const member of demoMembers(slug)) await client.upsertMember(slug, member);
  }
  await seedDemoQuiz(baseUrl);
}
