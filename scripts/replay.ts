// npm run replay -- <quiz-log.jsonl>
// Replays a quiz room's exported event log (GET /api/quiz/{id}/events) with the same `evolve`
// as the room, and prints the timeline and the final leaderboard.
import { readFileSync } from "node:fs";
import { replay } from "@core/quiz/evolve";
import { leaderboard } from "@core/quiz/selectors";
import * as v from "valibot";

const LoggedEvent = v.object({ seq: v.number(), at: v.number(), type: v.string(), data: v.unknown() });

const [file] = process.argv.slice(2);
if (!file) {
  console.error("Usage: npm run replay -- <quiz-log.jsonl>");
  process.exit(2);
}

const events = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line, index) => {
    const parsed = v.safeParse(LoggedEvent, JSON.parse(line));
    if (!parsed.success) {
      console.error(`Line ${index + 1} is not a logged event: ${line.slice(0, 120)}`);
      process.exit(1);
    }
    return parsed.output;
  });

const start = events[0]?.at ?? 0;
const counts = new Map<string, number>();
for (const event of events) {
  counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  // Answers and counters would drown the timeline: they are summed below.
  if (!event.type.startsWith("answer_") && event.type !== "player_joined") {
    console.log(
      `${((event.at - start) / 1000).toFixed(1).padStart(8)} s  #${event.seq}  ${event.type}  ${JSON.stringify(event.data)}`,
    );
  }
}
console.log(`\n${events.length} events: ${[...counts].map(([type, count]) => `${type} ${count}`).join(", ")}`);

const state = replay(events);
console.log(
  `\nFinal phase: ${state.phase}, question ${state.questionIndex + 1}/${state.questions.length}\nLeaderboard:`,
);
for (const entry of leaderboard(state)) {
  console.log(
    `${String(entry.rank).padStart(4)}. ${entry.name.padEnd(30)} ${String(entry.points).padStart(6)} pts  ${(entry.totalTimeMs / 1000).toFixed(1)} s`,
  );
}
