import type { PublicPresentation } from "@core/schedule/public-schedule";
import {
  COMPACT_CARD_HEIGHT_PX,
  ZOOM_CONTAINER_HEIGHTS_PX,
  ZOOM_MIN_CARD_HEIGHTS_PX,
  type ZoomIndex,
} from "@core/schedule/synopsis-constants";
import {
  layoutSynopsisDay,
  type SynopsisItem,
  type SynopsisRoomLayout,
  UNASSIGNED_ROOM_KEY,
} from "@core/schedule/synopsis-layout";
import { describe, expect, it } from "vitest";
import { at, inRoom, presentation } from "./synopsis-test-presentations";

const ROOMS = [
  { _id: 1, name: "Room 1" },
  { _id: 2, name: "Room 2" },
  { _id: 3, name: "Room 3" },
];

function roomItems(presentations: PublicPresentation[], zoom: ZoomIndex = 2): SynopsisItem[] {
  const [room, ...others] = layoutSynopsisDay(presentations, ROOMS, zoom).rooms;
  if (!room || others.length > 0) throw new Error("expected exactly one room");
  return room.items;
}

function only(items: SynopsisItem[]): SynopsisItem {
  const [item, ...others] = items;
  if (!item || others.length > 0) throw new Error(`expected one item, got ${items.length}`);
  return item;
}

function idsOf(item: SynopsisItem): number[] {
  return item.kind === "card" ? [item.presentation._id] : item.presentations.map((p) => p._id);
}

function itemFor(items: SynopsisItem[], id: number): SynopsisItem {
  const item = items.find((candidate) => idsOf(candidate).includes(id));
  if (!item) throw new Error(`no item holds presentation ${id}`);
  return item;
}

function tenMinutesFrom(from: string, overrides: Partial<PublicPresentation> = {}): PublicPresentation {
  return presentation({ time: at(from), end_time: at(from) + 10, ...overrides });
}

describe("synopsis rooms", () => {
  it("rooms follow the rooms list, unlisted rooms come after them and presentations without a room last", () => {
    const layout = layoutSynopsisDay(
      [
        presentation({ _id: 1, room_id: null, room_info: null }),
        presentation({ _id: 2, ...inRoom(9, "Annex") }),
        presentation({ _id: 3, ...inRoom(3) }),
        presentation({ _id: 4, ...inRoom(1) }),
      ],
      ROOMS,
      2,
    );
    expect(layout.rooms.map((room) => room.key)).toEqual(["room-1", "room-3", "room-9", UNASSIGNED_ROOM_KEY]);
    expect(layout.rooms.map((room) => room.room?.name ?? null)).toEqual(["Room 1", "Room 3", "Annex", null]);
  });

  it("a room without presentations that day gets no column", () => {
    const layout = layoutSynopsisDay([presentation({ ...inRoom(2) })], ROOMS, 2);
    expect(layout.rooms.map((room) => room.key)).toEqual(["room-2"]);
  });
});

describe("synopsis groups", () => {
  it("four short talks starting within an hour collapse into one group", () => {
    const talks = ["10:00", "10:15", "10:30", "10:45"].map((from, index) => tenMinutesFrom(from, { _id: index + 1 }));
    const group = only(roomItems(talks));
    expect(group).toMatchObject({ kind: "group", reason: "within-hour", start: at("10:00"), end: at("10:55") });
    expect(idsOf(group)).toEqual([1, 2, 3, 4]);
  });

  it("three do not", () => {
    const items = roomItems([
      presentation({ from: "10:00", to: "10:10" }),
      presentation({ from: "10:15", to: "10:25" }),
      presentation({ from: "10:30", to: "10:40" }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(["card", "card", "card"]);
  });

  it("talks with the same start and end collapse even when only two", () => {
    const group = only(
      roomItems([
        presentation({ _id: 7, from: "14:00", to: "15:00" }),
        presentation({ _id: 8, from: "14:00", to: "15:00" }),
      ]),
    );
    expect(group).toMatchObject({ kind: "group", reason: "same-time", start: at("14:00"), end: at("15:00") });
    expect(idsOf(group)).toEqual([7, 8]);
  });

  it("talks with the same start but different ends do not collapse", () => {
    const items = roomItems([
      presentation({ from: "14:00", to: "15:00" }),
      presentation({ from: "14:00", to: "14:30" }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(["card", "card"]);
  });

  it("a talk starting exactly 60 minutes after the first is outside its window", () => {
    const items = roomItems(["10:00", "10:20", "10:40", "11:00"].map((from) => tenMinutesFrom(from)));
    expect(items.every((item) => item.kind === "card")).toBe(true);
  });

  it("a talk overlapping the previous one ends the run", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "10:00", to: "10:10" }),
      presentation({ _id: 2, from: "10:10", to: "10:20" }),
      presentation({ _id: 3, from: "10:15", to: "10:25" }),
      presentation({ _id: 4, from: "10:30", to: "10:40" }),
      presentation({ _id: 5, from: "10:45", to: "10:55" }),
    ]);
    expect(items.every((item) => item.kind === "card")).toBe(true);
  });

  it("a run may start after a talk that could not join one", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "09:00", to: "09:50" }),
      presentation({ _id: 2, from: "10:00", to: "10:10" }),
      presentation({ _id: 3, from: "10:10", to: "10:20" }),
      presentation({ _id: 4, from: "10:20", to: "10:30" }),
      presentation({ _id: 5, from: "10:30", to: "10:40" }),
      presentation({ _id: 6, from: "10:40", to: "10:50" }),
    ]);
    expect(items.map((item) => [item.kind, idsOf(item)])).toEqual([
      ["card", [1]],
      ["group", [2, 3, 4, 5, 6]],
    ]);
  });

  it("talks of the same start and end stay out of within-hour runs", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "10:00", to: "10:10" }),
      presentation({ _id: 2, from: "10:00", to: "10:10" }),
      presentation({ _id: 3, from: "10:15", to: "10:25" }),
      presentation({ _id: 4, from: "10:30", to: "10:40" }),
      presentation({ _id: 5, from: "10:45", to: "10:55" }),
    ]);
    expect(items.map((item) => [item.kind, idsOf(item)])).toEqual([
      ["group", [1, 2]],
      ["card", [3]],
      ["card", [4]],
      ["card", [5]],
    ]);
  });

  it("groups are formed per room, never across rooms", () => {
    const layout = layoutSynopsisDay(
      ["10:00", "10:15", "10:30", "10:45"].map((from, index) => tenMinutesFrom(from, inRoom(index % 2 === 0 ? 1 : 2))),
      ROOMS,
      2,
    );
    expect(layout.rooms.flatMap((room) => room.items.map((item) => item.kind))).toEqual([
      "card",
      "card",
      "card",
      "card",
    ]);
  });
});

describe("synopsis overlap columns", () => {
  it("overlapping talks get side-by-side columns", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "10:00", to: "11:00" }),
      presentation({ _id: 2, from: "10:30", to: "11:30" }),
    ]);
    expect(items.map(({ column, columns }) => ({ column, columns }))).toEqual([
      { column: 0, columns: 2 },
      { column: 1, columns: 2 },
    ]);
  });

  it("a talk starting when another ends reuses its column, and the whole cluster shares the column count", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "10:00", to: "12:00" }),
      presentation({ _id: 2, from: "10:00", to: "11:00" }),
      presentation({ _id: 3, from: "11:00", to: "12:00" }),
    ]);
    expect([1, 2, 3].map((id) => itemFor(items, id)).map(({ column, columns }) => ({ column, columns }))).toEqual([
      { column: 1, columns: 2 },
      { column: 0, columns: 2 },
      { column: 0, columns: 2 },
    ]);
  });

  it("a later talk overlapping nothing is back to one full-width column", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "09:00", to: "10:00" }),
      presentation({ _id: 2, from: "09:30", to: "10:30" }),
      presentation({ _id: 3, from: "14:00", to: "15:30" }),
    ]);
    expect(itemFor(items, 3)).toMatchObject({ column: 0, columns: 1 });
  });

  it("a group beside a talk takes a column like a card", () => {
    const items = roomItems([
      presentation({ _id: 1, from: "10:00", to: "12:00" }),
      presentation({ _id: 2, from: "10:30", to: "11:00" }),
      presentation({ _id: 3, from: "10:30", to: "11:00" }),
    ]);
    expect(itemFor(items, 1)).toMatchObject({ kind: "card", column: 0, columns: 2 });
    expect(itemFor(items, 2)).toMatchObject({ kind: "group", column: 1, columns: 2 });
  });
});

describe("synopsis short talks", () => {
  const lightning = (id: number, from: string) => presentation({ _id: id, time: at(from), end_time: at(from) + 15 });

  it("given 15-minute talks 20 minutes apart, when laid out at 50 %, then they stand side by side, each legible", () => {
    const items = roomItems([lightning(1, "15:00"), lightning(2, "15:20"), lightning(3, "15:40")], 2);
    expect(items.map((item) => [item.column, item.columns])).toEqual([
      [0, 2],
      [1, 2],
      [0, 2],
    ]);
    for (const item of items) expect(item.height).toBeGreaterThanOrEqual(20);
  });

  it("given 30-minute talks back to back, when laid out at any zoom, then they keep one column", () => {
    const talks = [0, 1, 2].map((index) =>
      presentation({ _id: index + 1, time: at("09:00") + index * 30, end_time: at("09:30") + index * 30 }),
    );
    for (const zoom of [0, 1, 2, 3, 4] as const) {
      expect(roomItems(talks, zoom).map((item) => item.columns)).toEqual([1, 1, 1]);
    }
  });
});

describe("synopsis geometry", () => {
  const pxPerMinute = (zoom: ZoomIndex) => ZOOM_CONTAINER_HEIGHTS_PX[zoom] / 1440;

  it("a 60-minute talk with no overlap gets a compact card", () => {
    const item = only(roomItems([presentation({ from: "09:00", to: "10:00" })], 2));
    expect(item).toMatchObject({ compact: true, height: COMPACT_CARD_HEIGHT_PX, top: 9 * 60 * pxPerMinute(2) });
  });

  it("a 90-minute talk is not compact and gets the zoom's least card height", () => {
    const item = only(roomItems([presentation({ from: "09:00", to: "10:30" })], 2));
    expect(item).toMatchObject({ compact: false, height: ZOOM_MIN_CARD_HEIGHTS_PX[2] });
  });

  it("a short talk beside another is not compact", () => {
    const items = roomItems([
      presentation({ from: "09:00", to: "09:30" }),
      presentation({ from: "09:15", to: "09:45" }),
    ]);
    expect(items.map((item) => [item.compact, item.height])).toEqual([
      [false, ZOOM_MIN_CARD_HEIGHTS_PX[2]],
      [false, ZOOM_MIN_CARD_HEIGHTS_PX[2]],
    ]);
  });

  it("a compact card is never taller than a regular one at the smallest zoom", () => {
    const item = only(roomItems([presentation({ from: "09:00", to: "09:30" })], 0));
    expect(item).toMatchObject({ compact: true, height: ZOOM_MIN_CARD_HEIGHTS_PX[0] });
  });

  it("a long talk is as tall as its duration and noon sits at half height at every zoom", () => {
    for (const zoom of [0, 1, 2, 3, 4] as const) {
      const item = only(roomItems([presentation({ from: "12:00", to: "18:00" })], zoom));
      expect(item.top).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[zoom] / 2);
      expect(item.height).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[zoom] / 4);
    }
  });

  it("a talk crossing midnight is clipped at 24:00", () => {
    const item = only(roomItems([presentation({ time: at("22:00"), end_time: at("22:00") + 4 * 60 })], 4));
    expect(item).toMatchObject({ start: at("22:00"), end: 1440 });
    expect(item.top + item.height).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[4]);
  });

  it("a short card late at night stops at 24:00", () => {
    const item = only(roomItems([presentation({ from: "23:50", to: "23:55" })], 4));
    expect(item.top).toBeCloseTo(at("23:50") * pxPerMinute(4));
    expect(item.top + item.height).toBeCloseTo(ZOOM_CONTAINER_HEIGHTS_PX[4]);
  });

  it("a card's least height gives way to the next card of its column, which is never covered", () => {
    const [first, second] = roomItems([
      presentation({ _id: 1, from: "09:30", to: "10:00" }),
      presentation({ _id: 2, from: "10:00", to: "10:30" }),
      presentation({ _id: 3, from: "09:45", to: "11:00" }),
    ]);
    expect(first).toMatchObject({ column: 0, columns: 2 });
    expect(second).toMatchObject({ column: 1, columns: 2 });
    const next = itemFor(
      roomItems([
        presentation({ _id: 1, from: "09:30", to: "10:00" }),
        presentation({ _id: 2, from: "10:00", to: "10:30" }),
      ]),
      1,
    );
    expect(next.top + next.height).toBeCloseTo(at("10:00") * pxPerMinute(2));
  });

  it("details are hidden at the two smallest zooms and shown from 50 %", () => {
    const shown = ([0, 1, 2, 3, 4] as const).map((zoom) => layoutSynopsisDay([], ROOMS, zoom).showDetails);
    expect(shown).toEqual([false, false, true, true, true]);
  });
});

/** Mulberry32: a small seeded generator, so a failing schedule can be replayed from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomDay(random: () => number): PublicPresentation[] {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const roomFields = (): Partial<PublicPresentation> => {
    const room = pick([1, 2, 3, 4, null]);
    return room === null ? { room_id: null, room_info: null } : inRoom(room);
  };
  const day: PublicPresentation[] = [];
  const add = (fields: Partial<PublicPresentation>) => day.push(presentation({ _id: day.length + 1, ...fields }));
  const blocks = Math.floor(random() * 25);
  for (let block = 0; block < blocks; block++) {
    const kind = random();
    const time = Math.floor(random() * 1440);
    if (kind < 0.6) {
      add({ time, end_time: time + pick([0, 5, 15, 30, 45, 60, 90, 120, 240]), ...roomFields() });
    } else if (kind < 0.8) {
      // Talks sharing start and end: same-time groups.
      const fields = { time, end_time: time + pick([0, 20, 60]), ...roomFields() };
      for (let copy = pick([2, 3]); copy > 0; copy--) add(fields);
    } else {
      // Short talks one after another, sometimes with gaps or overlaps: within-hour runs.
      const room = roomFields();
      let start = time;
      for (let talk = pick([3, 4, 5, 6]); talk > 0; talk--) {
        const length = pick([5, 10, 15]);
        add({ time: start, end_time: start + length, ...room });
        start += length + pick([-5, 0, 0, 5]);
      }
    }
  }
  return day;
}

function overlaps(a: SynopsisItem, b: SynopsisItem): boolean {
  return a.start < b.end && b.start < a.end;
}

function checkRoom(room: SynopsisRoomLayout, zoom: ZoomIndex): void {
  const containerHeight = ZOOM_CONTAINER_HEIGHTS_PX[zoom];
  for (const [index, item] of room.items.entries()) {
    expect(item.column).toBeLessThan(item.columns);
    expect(item.top).toBeGreaterThanOrEqual(0);
    expect(item.top + item.height).toBeLessThanOrEqual(containerHeight + 1e-9);
    expect(item.end).toBeLessThanOrEqual(1440);
    if (item.kind === "group" && item.reason === "same-time") {
      expect(item.presentations.length).toBeGreaterThanOrEqual(2);
      expect(new Set(item.presentations.map((p) => `${p.time}/${p.end_time}`)).size).toBe(1);
    }
    if (item.kind === "group" && item.reason === "within-hour") {
      const [first, ...rest] = item.presentations;
      expect(item.presentations.length).toBeGreaterThanOrEqual(4);
      let previousEnd = first?.end_time ?? 0;
      for (const member of rest) {
        expect(member.time).toBeLessThan((first?.time ?? 0) + 60);
        expect(member.time).toBeGreaterThanOrEqual(previousEnd);
        previousEnd = member.end_time;
      }
    }
    for (const other of room.items.slice(index + 1)) {
      const sameStretch =
        item.column / item.columns < (other.column + 1) / other.columns &&
        other.column / other.columns < (item.column + 1) / item.columns;
      if (sameStretch) {
        const [upper, lower] = item.top <= other.top ? [item, other] : [other, item];
        expect(upper.top + upper.height).toBeLessThanOrEqual(lower.top + 1e-9);
      }
      if (overlaps(item, other)) {
        expect(other.column).not.toBe(item.column);
        expect(other.columns).toBe(item.columns);
      }
    }
  }
}

describe("synopsis layout properties", () => {
  it("for random schedules every presentation appears exactly once and no two items of a column overlap", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = seeded(seed);
      const day = randomDay(random);
      const zoom = (seed % 5) as ZoomIndex;
      const layout = layoutSynopsisDay(day, ROOMS, zoom);
      const placed = layout.rooms.flatMap((room) => room.items.flatMap(idsOf)).sort((a, b) => a - b);
      expect(placed, `seed ${seed}`).toEqual(day.map((p) => p._id).sort((a, b) => a - b));
      for (const room of layout.rooms) checkRoom(room, zoom);
    }
  });
});
