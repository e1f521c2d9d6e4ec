import type { QaChange } from "../qa/changes";
import type { ForumChange } from "./changes";

/** What a talk's forum room carries: its forum's changes and its Q&A's (docs/protocol.md). */
export type ForumRoomChange = ForumChange | QaChange;
