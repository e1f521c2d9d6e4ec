import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { versions, versionThumbnails } from "../schema";

/** A version's chapters as the editor reads them, in order (their widths follow from the times). */
export async function readChapterRows(db: Database, versionId: string) {
  return db
    .select({
      imageKey: versionThumbnails.imageKey,
      timeMs: versionThumbnails.timeMs,
      title: versionThumbnails.title,
      description: versionThumbnails.description,
    })
    .from(versionThumbnails)
    .where(eq(versionThumbnails.versionId, versionId))
    .orderBy(asc(versionThumbnails.position));
}

/** 6 values a row, plus the guard's 3: under D1's 100 bound parameters a statement. */
const ROWS_PER_INSERT = 16;

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export interface ChapterRow {
  imageKey: string;
  timeMs: number;
  title: string | null;
  description: string | null;
}

/**
 * Replaces a version's chapters and bumps its revision, in one batch (one transaction), only if
 * the version is still a success at `revision`: every statement carries that condition, and the
 * revision moves last, so a concurrent save of the same revision finds it gone and writes nothing.
 * False when nothing was written (another save came first, or the version changed status).
 */
export async function replaceChapters(
  db: Database,
  versionId: string,
  revision: number,
  rows: readonly ChapterRow[],
): Promise<boolean> {
  const current = sql`exists (select 1 from ${versions} where ${versions.id} = ${versionId}
    and ${versions.chaptersRevision} = ${revision} and ${versions.status} = 'success')`;
  const inserts = chunks(rows, ROWS_PER_INSERT).map((chunk, chunkIndex) => {
    const values = sql.join(
      chunk.map(
        (row, index) =>
          sql`(${versionId}, ${row.imageKey}, ${row.timeMs}, ${row.title}, ${row.description}, ${chunkIndex * ROWS_PER_INSERT + index})`,
      ),
      sql`, `,
    );
    // Every column in the table's order (a null id is the next one), guarded like the delete.
    return db
      .insert(versionThumbnails)
      .select(
        sql`select null, column1, column2, column3, column4, column5, column6 from (values ${values}) where ${current}`,
      );
  });
  const results = await db.batch([
    db.delete(versionThumbnails).where(and(eq(versionThumbnails.versionId, versionId), current)),
    ...inserts,
    db
      .update(versions)
      .set({ chaptersRevision: sql`${versions.chaptersRevision} + 1` })
      .where(and(eq(versions.id, versionId), eq(versions.chaptersRevision, revision), eq(versions.status, "success"))),
  ]);
  const bumped = results[results.length - 1] as D1Result;
  // The update names one version by its id; D1 also counts the rows a trigger writes.
  return bumped.meta.changes > 0;
}
