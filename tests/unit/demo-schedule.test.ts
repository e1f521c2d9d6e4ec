import { existsSync } from "node:fs";
import { parseFrabSchedule } from "@core/schedule/frab";
import type { ImportedPresentation, ImportedSchedule } from "@core/schedule/imported-schedule";
import { describe, expect, it } from "vitest";
import {
  buildDemoPrivateSchedule,
  buildDemoSchedule,
  DEMO_SPEAKER_EXTERNAL_ID,
} from "../../scripts/demo/demo-schedule";

const TODAY = new Date(2026, 5, 17, 15, 30);

function parsed(json: unknown, slug: string): ImportedSchedule {
  const result = parseFrabSchedule(json, slug);
  if (!result.ok) throw new Error(`the demo does not parse: ${JSON.stringify(result.issues, null, 2)}`);
  return result.schedule;
}

function overlaps(a: ImportedPresentation, b: ImportedPresentation): boolean {
  return a.date === b.date && a.time < b.endTime && b.time < a.endTime;
}

function publicFile(path: string | null): boolean {
  return path !== null && existsSync(new URL(`../../web/public${path}`, import.meta.url));
}

const demo = parsed(buildDemoSchedule(TODAY), "demo");
const demoPrivate = parsed(buildDemoPrivateSchedule(TODAY), "demo-private");

describe("the demo conference", () => {
  it("parses as a French conference of 3 days whose middle day is today", () => {
    expect(demo.event).toMatchObject({
      slug: "demo",
      name: "Salon de l'Innovation 2026",
      start: "2026-06-16",
      end: "2026-06-18",
      timeZone: "Europe/Paris",
    });
    expect([...new Set(demo.presentations.map((talk) => `${talk.day} ${talk.date}`))].sort()).toEqual([
      "1 2026-06-16",
      "2 2026-06-17",
      "3 2026-06-18",
    ]);
  });

  it("counts days across a month's end from the local date of today", () => {
    const event = parsed(buildDemoSchedule(new Date(2026, 2, 1, 0, 5)), "demo").event;
    expect(event).toMatchObject({ start: "2026-02-28", end: "2026-03-02" });
  });

  it("has 4 rooms and at least 45 presentations between 09:00 and 19:00", () => {
    expect(demo.rooms).toHaveLength(4);
    expect(demo.presentations.length).toBeGreaterThanOrEqual(45);
    for (const talk of demo.presentations) {
      expect(talk.time).toBeGreaterThanOrEqual(9 * 60);
      expect(talk.endTime).toBeLessThanOrEqual(19 * 60);
      expect(talk.roomName).not.toBeNull();
    }
  });

  it("never puts two presentations in one room, nor one speaker in two places, at once", () => {
    const clashes: string[] = [];
    demo.presentations.forEach((a, index) => {
      for (const b of demo.presentations.slice(index + 1)) {
        if (!overlaps(a, b)) continue;
        if (a.roomName === b.roomName) clashes.push(`room: ${a.name} / ${b.name}`);
        if (a.speakerExternalIds.some((id) => b.speakerExternalIds.includes(id)))
          clashes.push(`speaker: ${a.name} / ${b.name}`);
      }
    });
    expect(clashes).toEqual([]);
  });

  it("runs talks in parallel across rooms and has several 30-minute talks", () => {
    const parallel = demo.presentations.filter(
      (talk) => talk.date === "2026-06-17" && talk.time <= 600 && talk.endTime > 600,
    );
    expect(new Set(parallel.map((talk) => talk.roomName)).size).toBeGreaterThanOrEqual(3);
    expect(demo.presentations.filter((talk) => talk.endTime - talk.time === 30).length).toBeGreaterThanOrEqual(5);
  });

  it("has a cluster of 4 or more short talks starting within one hour in one room today", () => {
    const lightning = demo.presentations.filter(
      (talk) => talk.typeName === "Lightning talk" && talk.date === "2026-06-17",
    );
    const first = Math.min(...lightning.map((talk) => talk.time));
    const cluster = lightning.filter((talk) => talk.time - first < 60);
    expect(cluster.length).toBeGreaterThanOrEqual(4);
    expect(new Set(cluster.map((talk) => talk.roomName)).size).toBe(1);
    expect(cluster.every((talk) => talk.endTime - talk.time <= 15)).toBe(true);
  });

  it("uses the five types and coloured tracks", () => {
    expect(demo.types.map((type) => type.name).sort()).toEqual([
      "Keynote",
      "Lightning talk",
      "Panel",
      "Talk",
      "Workshop",
    ]);
    expect(demo.tracks.length).toBeGreaterThanOrEqual(5);
    expect(demo.tracks.every((track) => /^#[0-9a-f]{6}$/.test(track.color))).toBe(true);
  });

  it("gives every speaker a picture and every association a logo that exist under web/public", () => {
    expect(demo.speakers.every((speaker) => /^\/demo\/speakers\/\d+\.svg$/.test(speaker.picture ?? ""))).toBe(true);
    expect(demo.speakers.filter((speaker) => !publicFile(speaker.picture))).toEqual([]);
    expect(demo.associations.length).toBeGreaterThanOrEqual(3);
    expect(demo.associations.filter((association) => !publicFile(association.logo))).toEqual([]);
    expect(publicFile(demo.event.settings.logo ?? null)).toBe(true);
  });

  it("has French titles with accents, one about Sécurité and one longer than 72 characters", () => {
    const names = demo.presentations.map((talk) => talk.name);
    expect(names.some((name) => name.includes("Sécurité"))).toBe(true);
    expect(names.some((name) => name.length > 72)).toBe(true);
    expect(names.filter((name) => /[éèêàçôû]/.test(name)).length).toBeGreaterThan(names.length / 2);
  });

  it("links the demo speaker account to Émilie Durand, by frab id and name, who gives at least 3 presentations", () => {
    expect(demo.speakers.find((speaker) => speaker.externalId === DEMO_SPEAKER_EXTERNAL_ID)).toMatchObject({
      firstName: "Émilie",
      lastName: "Durand",
    });
    const theirs = demo.presentations.filter((talk) => talk.speakerExternalIds.includes(DEMO_SPEAKER_EXTERNAL_ID));
    expect(theirs.length).toBeGreaterThanOrEqual(3);
  });

  it("opens everything: anonymous access, sign-up, forum, quiz and video views, with logo, venue, ad and colours", () => {
    expect(demo.event.settings).toMatchObject({
      logo: "/demo/logo.svg",
      allowAnonymousAccess: true,
      allowCreateAccount: true,
      forum: true,
      quiz: true,
      showVideoViews: true,
      password: null,
    });
    expect(demo.event.settings.venue).toBeTruthy();
    expect(demo.event.settings.adHtml).toMatch(/<a href="https:\/\/[^"]+"/);
    expect(demo.event.settings.scheduleBackgroundColor).toMatch(/^#/);
    expect(demo.event.settings.scheduleTextColor).toMatch(/^#/);
  });

  it("is the same file for the same day, so a re-import changes nothing", () => {
    expect(buildDemoSchedule(new Date(2026, 5, 17, 8))).toEqual(buildDemoSchedule(TODAY));
  });
});

describe("the password-protected demo event", () => {
  it("is one day, today, in 2 rooms with about 8 talks", () => {
    expect(demoPrivate.event).toMatchObject({ slug: "demo-private", start: "2026-06-17", end: "2026-06-17" });
    expect(demoPrivate.rooms).toHaveLength(2);
    expect(demoPrivate.presentations.length).toBeGreaterThanOrEqual(6);
    expect(demoPrivate.presentations.length).toBeLessThanOrEqual(10);
    expect(new Set(demoPrivate.presentations.map((talk) => talk.date))).toEqual(new Set(["2026-06-17"]));
  });

  it("asks for the password salon2026 and refuses anonymous visitors", () => {
    expect(demoPrivate.event.settings).toMatchObject({ password: "salon2026", allowAnonymousAccess: false });
  });

  it("does not reuse an external id of the public demo's presentations", () => {
    const publicIds = new Set(demo.presentations.map((talk) => talk.externalId));
    expect(demoPrivate.presentations.filter((talk) => publicIds.has(talk.externalId))).toEqual([]);
  });
});
