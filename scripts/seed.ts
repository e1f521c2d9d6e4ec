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

/** Imports both demo events through the same importer as any schedule, then their accounts. */
export async function seedDemo(client: AdminClient, today = new Date()): Promise<void> {
  const events = [
    { slug: "demo", schedule: buildDemoSchedule(today) },
    { slug: "demo-private", schedule: buildDemoPrivateSchedule(today) },
  ];
  for (const { slug, schedule } of events) {
    const report = await client.importSchedule(slug, schedule);
    console.log(describeImport(slug, report));
    for (const member of demoMembers(slug)) await client.upsertMember(slug, member);
  }
}
