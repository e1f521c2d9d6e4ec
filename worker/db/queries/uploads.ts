import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { uploads } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;

export function findUpload(db: Database, id: string) {
  return db.select().from(uploads).where(eq(uploads.id, id)).get();
}
