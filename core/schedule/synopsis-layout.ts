/**
 * Layout of one synopsis day: rooms as columns, each room's presentations as cards and
 * 'N Presentations' groups with vertical geometry for a zoom. Pure: the React view only draws it.
 *
 * Rules (schedule spec §2, §4, §9):
 *
 * 1. **Rooms.** A presentation belongs to the room of its `room_id`. Rooms come in the order of the
 *    `rooms` argument (the event's rooms); rooms missing from it follow in order of first
 *    appearance; presentations without a room form the `unassigned` group, last. Only rooms with
 *    presentations that day appear.
 * 2. **Layout interval.** A presentation occupies `[start, end)` in minutes from midnight with
 *    `end` clipped at 24:00 (talks crossing midnight are cut there) and at least one minute after
 *    `start`, so a zero-length talk still takes a place. Two intervals overlap when each starts
 *    before the other ends; touching ends do not overlap.
 * 3. **Same-time groups.** In a room, presentations with identical `time` and `end_time` collapse
 *    into one group ("same-time"), from two members.
 * 4. **Within-hour groups.** The remaining presentations are walked in start order (then end,
 *    then id). A run starts at a presentation and takes the following ones while each starts
 *    strictly less than {@link GROUP_WINDOW_MINUTES} after the run's first and does not overlap
 *    the previous member (so the members never overlap one another). A run of
 *    {@link GROUP_MIN_SIZE} or more becomes a group ("within-hour") and the walk resumes after it;
 *    a shorter run leaves its first presentation as a card and the walk resumes at the next one.
 *    A group spans from its first start to its latest end.
 * 5. **Overlap columns.** Cards and groups of a room are partitioned like intervals on a line: in
 *    start order, each item takes the lowest column whose last item has ended. An item counts as
 *    ending no earlier than it needs to be drawn {@link LEGIBLE_CARD_PX} tall at the zoom (at most
 *    {@link LEGIBLE_MAX_MINUTES} after its start): a short talk followed closely by another (two
 *    15-minute lightning talks 20 minutes apart) is drawn beside it, legible, instead of both
 *    squeezed into slivers a few pixels tall. A cluster is a
 *    maximal chain of overlapping items; every item of a cluster gets the cluster's column count
 *    in `columns`, so it is drawn `1 / columns` wide at offset `column / columns`. Two items in
 *    one column never overlap in time.
 * 6. **Vertical geometry.** The day column is drawn at the scale of `ZOOM_CONTAINER_HEIGHTS_PX[zoom]`
 *    for 00:00 to 24:00, from `startMinutes` (the rail's start, see `railStartMinutes`) to 24:00;
 *    `top` is the start's offset from `startMinutes`. The height is the duration's,
 *    raised towards the zoom's least card height so that a short talk stays legible. An item of 60
 *    minutes or less (clipped) alone in its cluster (`columns === 1`) is **compact**: its floor is
 *    {@link COMPACT_CARD_HEIGHT_PX} (or the zoom's least height where that is smaller), as it is drawn
 *    full width on one line. The raise never reaches past the top of the next item drawn across the
 *    same horizontal stretch, nor past 24:00: **no two boxes of a room ever overlap**, at any zoom.
 *    A card short of its floor shows what fits; its chevron opens the rest.
 * 7. **Details.** Cards show their details (speaker picture, type and association labels) from
 *    the 50 % zoom up; see {@link zoomShowsDetails}.
 * 8. **Fit.** What a box has room for follows from its height ({@link itemFit}): the view shows a
 *    line only where the whole line fits, so no text is cut off at the bottom.
 */
import type { PublicPresentation } from "./public-schedule";
import {
  COMPACT_CARD_HEIGHT_PX,
  GROUP_MIN_SIZE,
  GROUP_WINDOW_MINUTES,
  ZOOM_CONTAINER_HEIGHTS_PX,
  ZOOM_MIN_CARD_HEIGHTS_PX,
  type ZoomIndex,
  zoomShowsDetails,
} from "./synopsis-constants";
import { dayColumnHeight } from "./synopsis-hour-rail";
import { MINUTES_PER_DAY } from "./time-of-day";

/** The key of the column of presentations that have no room. */
export const UNASSIGNED_ROOM_KEY = "unassigned";

/** Items of 60 minutes or less may be compact. */
const COMPACT_MAX_MINUTES = 60;

/** The least height a card needs to show its name's first line (rule 5). */
const LEGIBLE_CARD_PX = 20;
/** Rule 5's legible length never exceeds this: at the smallest zooms, 30-minute talks back to back stay in one column. */
const LEGIBLE_MAX_MINUTES = 25;

/** The vertical padding of a grid item around its box, in px (synopsis.module.css `.item`). */
const ITEM_PADDING_PX = 2;

/** Rule 8's steps: a word and the least box height that shows it. */
const FIT_STEPS: readonly (readonly [string, number])[] = [
  ["speaker", 40],
  ["two", 42],
  ["two-speaker", 56],
  ["time", 70],
  ["three", 86],
  ["four", 102],
  ["labels", 140],
];

/**
 * Rule 8: the lines a box of `height` px shows, each only when the whole line fits. The box is the
 * item less its 2 px padding, with 10 px of border and padding; a name line is 16 px, the others
 * 14 px. Steps by the box's height: under 14 px nothing ("none"), then a small one-line name
 * ("tiny"), 26 px one name line, 40 px one name line and the speaker ("speaker"), 42 px two name
 * lines where there is no speaker ("two"), 56 px two name lines and the speaker ("two-speaker"),
 * 70 px the time ("time"), 86 px three name lines ("three"), 102 px four ("four"), 140 px the
 * labels ("labels"). The speaker comes before a second name line: who speaks says more than the
 * end of a title, which keeps its ellipsis and its tooltip.
 * "wide" marks a box alone across its room (`columns` 1), wide enough for a picture.
 */
export function itemFit(height: number, columns: number): string {
  const box = height - ITEM_PADDING_PX;
  const words: string[] = [];
  if (box < 14) words.push("none");
  else if (box < 26) words.push("tiny");
  for (const [word, least] of FIT_STEPS) if (box >= least) words.push(word);
  if (columns === 1) words.push("wide");
  return words.join(" ");
}

/** A room as the synopsis names it (the schedule's aggregate rooms). */
export interface SynopsisRoom {
  _id: number;
  name: string;
}

/** Why presentations were collapsed into one 'N Presentations' group (rules 3 and 4). */
export type SynopsisGroupReason = "same-time" | "within-hour";

/** Where an item sits in its room's column. Minutes are the clipped layout interval (rule 2). */
interface SynopsisPlacement {
  /** Stable key for the view's lists. */
  key: string;
  /** Minutes from midnight. */
  start: number;
  /** Minutes from midnight, at most 1440. */
  end: number;
  /** Offset from the top of the day column, in px. */
  top: number;
  height: number;
  /** 0-based overlap column within the item's cluster. */
  column: number;
  /** Number of overlap columns of the item's cluster (1 when nothing overlaps it). */
  columns: number;
  /** 60 minutes or less with nothing beside it: drawn on one line with the compact floor height. */
  compact: boolean;
  /** What the box has room for, as words for CSS's `[data-fit~=word]` (rule 8, {@link itemFit}). */
  fit: string;
}

/** One presentation drawn as a card. */
export interface SynopsisCard extends SynopsisPlacement {
  kind: "card";
  presentation: PublicPresentation;
}

/** Presentations drawn as one 'N Presentations' bar, opened in a drawer; members in start order. */
export interface SynopsisGroup extends SynopsisPlacement {
  kind: "group";
  reason: SynopsisGroupReason;
  presentations: PublicPresentation[];
}

export type SynopsisItem = SynopsisCard | SynopsisGroup;

/** One room's column of a synopsis day; `room` is null for the unassigned column. */
export interface SynopsisRoomLayout {
  /** `room-<id>` or {@link UNASSIGNED_ROOM_KEY}. */
  key: string;
  room: SynopsisRoom | null;
  /** In start order, then end order. */
  items: SynopsisItem[];
}

/** A synopsis day laid out for one zoom. */
export interface SynopsisDayLayout {
  zoom: ZoomIndex;
  /** Minutes from midnight at the top of the room columns. */
  startMinutes: number;
  /** Height of every room column, in px: `startMinutes` at 0, 24:00 at this. */
  containerHeight: number;
  /** Whether cards show their details at this zoom (rule 7). */
  showDetails: boolean;
  rooms: SynopsisRoomLayout[];
}

type Unplaced =
  | { kind: "card"; start: number; end: number; presentation: PublicPresentation }
  | { kind: "group"; start: number; end: number; reason: SynopsisGroupReason; presentations: PublicPresentation[] };

type Columned = Unplaced & { column: number; columns: number };

/** The layout interval of rule 2. */
function layoutInterval(presentation: PublicPresentation): { start: number; end: number } {
  const start = Math.min(Math.max(presentation.time, 0), MINUTES_PER_DAY - 1);
  const end = Math.max(start + 1, Math.min(presentation.end_time, MINUTES_PER_DAY));
  return { start, end };
}

function byStartEndId(a: PublicPresentation, b: PublicPresentation): number {
  return a.time - b.time || a.end_time - b.end_time || a._id - b._id;
}

function card(presentation: PublicPresentation): Unplaced {
  return { kind: "card", presentation, ...layoutInterval(presentation) };
}

function group(reason: SynopsisGroupReason, members: PublicPresentation[]): Unplaced {
  const intervals = members.map(layoutInterval);
  return {
    kind: "group",
    reason,
    presentations: members,
    start: Math.min(...intervals.map((interval) => interval.start)),
    end: Math.max(...intervals.map((interval) => interval.end)),
  };
}

/** Rule 1: the day's presentations by room, rooms in display order, unassigned last. */
function groupByRoom(
  presentations: readonly PublicPresentation[],
  rooms: readonly SynopsisRoom[],
): { key: string; room: SynopsisRoom | null; presentations: PublicPresentation[] }[] {
  const known = new Map(rooms.map((room, index) => [room._id, { room, index }]));
  const byRoom = new Map<number, { room: SynopsisRoom; order: number; presentations: PublicPresentation[] }>();
  const unassigned: PublicPresentation[] = [];
  for (const presentation of presentations) {
    const roomId = presentation.room_id ?? presentation.room_info?._id ?? null;
    if (roomId === null) {
      unassigned.push(presentation);
      continue;
    }
    const entry = byRoom.get(roomId);
    if (entry) {
      entry.presentations.push(presentation);
      continue;
    }
    const listed = known.get(roomId);
    byRoom.set(roomId, {
      room: listed?.room ?? { _id: roomId, name: presentation.room_info?.name ?? "" },
      order: listed?.index ?? rooms.length + byRoom.size,
      presentations: [presentation],
    });
  }
  const columns: { key: string; room: SynopsisRoom | null; presentations: PublicPresentation[] }[] = [
    ...byRoom.values(),
  ]
    .sort((a, b) => a.order - b.order)
    .map(({ room, presentations: list }) => ({ key: `room-${room._id}`, room, presentations: list }));
  if (unassigned.length > 0) columns.push({ key: UNASSIGNED_ROOM_KEY, room: null, presentations: unassigned });
  return columns;
}

/** Rule 4: the run of non-overlapping presentations starting at `first` within the group window. */
function withinHourRun(sorted: readonly PublicPresentation[], first: number): PublicPresentation[] {
  const head = sorted[first];
  if (!head) return [];
  const windowEnd = layoutInterval(head).start + GROUP_WINDOW_MINUTES;
  const run = [head];
  let previousEnd = layoutInterval(head).end;
  for (const next of sorted.slice(first + 1)) {
    const interval = layoutInterval(next);
    if (interval.start >= windowEnd || interval.start < previousEnd) break;
    run.push(next);
    previousEnd = interval.end;
  }
  return run;
}

/** Rules 3 and 4: one room's presentations as cards and groups, in start then end order. */
function collapseRoom(presentations: readonly PublicPresentation[]): Unplaced[] {
  const sameTime = new Map<string, PublicPresentation[]>();
  for (const presentation of [...presentations].sort(byStartEndId)) {
    const key = `${presentation.time}/${presentation.end_time}`;
    const members = sameTime.get(key);
    if (members) members.push(presentation);
    else sameTime.set(key, [presentation]);
  }
  const items: Unplaced[] = [];
  // Invariant: `singles` stays in start order, as buckets are created in sorted order.
  const singles: PublicPresentation[] = [];
  for (const members of sameTime.values()) {
    const [only] = members;
    if (members.length === 1 && only) singles.push(only);
    else items.push(group("same-time", members));
  }
  let index = 0;
  while (index < singles.length) {
    const run = withinHourRun(singles, index);
    const head = run[0];
    if (!head) break;
    if (run.length >= GROUP_MIN_SIZE) {
      items.push(group("within-hour", run));
      index += run.length;
    } else {
      items.push(card(head));
      index += 1;
    }
  }
  return items.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Rule 5: interval partitioning, items in start order, each at least `legibleMinutes` long. */
function assignColumns(items: readonly Unplaced[], legibleMinutes: number): Columned[] {
  const placed: Columned[] = [];
  let cluster: Columned[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const closeCluster = () => {
    for (const item of cluster) item.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const item of items) {
    const drawnEnd = Math.max(item.end, item.start + legibleMinutes);
    if (item.start >= clusterEnd) closeCluster();
    let column = columnEnds.findIndex((end) => end <= item.start);
    if (column === -1) column = columnEnds.length;
    columnEnds[column] = drawnEnd;
    clusterEnd = cluster.length === 0 ? drawnEnd : Math.max(clusterEnd, drawnEnd);
    const columned: Columned = { ...item, column, columns: 1 };
    cluster.push(columned);
    placed.push(columned);
  }
  closeCluster();
  return placed;
}

/** Whether two items share some horizontal stretch of their room's column (rule 5's fractions). */
function sideBySideOverlap(a: Columned, b: Columned): boolean {
  return a.column * b.columns < (b.column + 1) * a.columns && b.column * a.columns < (a.column + 1) * b.columns;
}

/**
 * Rule 6: top, height and compactness of each item at a zoom, items in start order. An item's
 * floor yields to the first later item drawn across the same stretch: that item starts no earlier
 * than this one ends (rule 5), so the duration's own height always fits.
 */
function place(items: readonly Columned[], zoom: ZoomIndex, startMinutes: number): SynopsisItem[] {
  const minCardHeight = ZOOM_MIN_CARD_HEIGHTS_PX[zoom];
  const pxPerMinute = ZOOM_CONTAINER_HEIGHTS_PX[zoom] / MINUTES_PER_DAY;
  const containerHeight = dayColumnHeight(zoom, startMinutes);
  return items.map((item, index) => {
    const compact = item.columns === 1 && item.end - item.start <= COMPACT_MAX_MINUTES;
    const floor = compact ? Math.min(COMPACT_CARD_HEIGHT_PX, minCardHeight) : minCardHeight;
    const top = (item.start - startMinutes) * pxPerMinute;
    let below: Columned | undefined;
    for (let next = index + 1; next < items.length && !below; next++) {
      const later = items[next];
      if (later && sideBySideOverlap(item, later)) below = later;
    }
    const room = (below ? (below.start - startMinutes) * pxPerMinute : containerHeight) - top;
    const duration = (item.end - item.start) * pxPerMinute;
    const height = Math.max(duration, Math.min(floor, room));
    const placement = {
      start: item.start,
      end: item.end,
      top,
      height,
      column: item.column,
      columns: item.columns,
      compact,
      fit: itemFit(height, item.columns),
    };
    if (item.kind === "card") {
      return {
        kind: "card",
        key: `presentation-${item.presentation._id}`,
        presentation: item.presentation,
        ...placement,
      };
    }
    const first = item.presentations[0]?._id ?? item.start;
    return {
      kind: "group",
      key: `group-${first}`,
      reason: item.reason,
      presentations: item.presentations,
      ...placement,
    };
  });
}

/**
 * Lays out the presentations of one synopsis day (see the rules at the top of this file).
 * `rooms` gives the order of the room columns, usually the schedule's aggregate rooms;
 * `startMinutes` is the top of the columns (no presentation may start before it).
 */
export function layoutSynopsisDay(
  presentations: readonly PublicPresentation[],
  rooms: readonly SynopsisRoom[],
  zoom: ZoomIndex,
  startMinutes = 0,
): SynopsisDayLayout {
  const legibleMinutes = Math.min(
    LEGIBLE_CARD_PX / (ZOOM_CONTAINER_HEIGHTS_PX[zoom] / MINUTES_PER_DAY),
    LEGIBLE_MAX_MINUTES,
  );
  return {
    zoom,
    startMinutes,
    containerHeight: dayColumnHeight(zoom, startMinutes),
    showDetails: zoomShowsDetails(zoom),
    rooms: groupByRoom(presentations, rooms).map(({ key, room, presentations: list }) => ({
      key,
      room,
      items: place(assignColumns(collapseRoom(list), legibleMinutes), zoom, startMinutes),
    })),
  };
}
