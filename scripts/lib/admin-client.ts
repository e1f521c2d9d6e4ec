import type { ImportReport } from "@core/schedule/imported-schedule";

/** Calls of the admin API (worker/routes/admin.ts) used by the importer and the seed. */
export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async put<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/admin${path}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json", "x-locale": "en" },
      body: JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => ({}))) as {
      data?: T;
      error?: { code: string; message: string; detail?: string };
    };
    if (!response.ok || payload.data === undefined) {
      const error = payload.error;
      throw new Error(error ? `${error.message}${error.detail ? `\n${error.detail}` : ""}` : `HTTP ${response.status}`);
    }
    return payload.data;
  }

  importSchedule(slug: string, schedule: unknown) {
    return this.put<ImportReport>(`/events/${encodeURIComponent(slug)}/schedule`, schedule);
  }

  upsertMember(slug: string, member: MemberInput) {
    return this.put<{ id: number; email: string; speakerId: number | null }>(
      `/events/${encodeURIComponent(slug)}/members`,
      member,
    );
  }
}

export interface MemberInput {
  email: string;
  name: string;
  password: string;
  locale?: "fr" | "en";
  isSpeaker?: boolean;
  isModerator?: boolean;
  speakerExternalId?: string;
  /** The association the account speaks for, by name; null removes it. */
  association?: string | null;
}

export function describeImport(slug: string, report: ImportReport): string {
  const p = report.presentations;
  return [
    `Event ${slug}: ${report.event} (revision ${report.revision}), ${report.days} days`,
    `  presentations: ${p.created} created, ${p.updated} updated, ${p.unchanged} unchanged, ${p.archived} archived`,
    `  rooms: ${report.rooms.created} created, ${report.rooms.updated} updated, ${report.rooms.unchanged} unchanged`,
    `  speakers: ${report.speakers.created} created, ${report.speakers.updated} updated, ${report.speakers.unchanged} unchanged`,
  ].join("\n");
}
