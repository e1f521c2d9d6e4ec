import type { EventArchive } from "@core/archive/format";
import type { ImportReport } from "@core/schedule/imported-schedule";

/** Calls of the admin API (worker/routes/admin.ts) used by the importer and the seed. */
export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    /** The language of the server's refusals. */
    private readonly locale: "fr" | "en" = "en",
  ) {}

  private put<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>("PUT", path, body);
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api/admin${path}`, {
      method,
      headers: { ...this.headers(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.read<T>(response);
  }

  private headers() {
    return { authorization: `Bearer ${this.token}`, "x-locale": this.locale };
  }

  private async read<T>(response: Response): Promise<T> {
    const payload = (await response.json().catch(() => ({}))) as {
      data?: T;
      error?: { code: string; message: string; detail?: string; issues?: { path: string; message: string }[] };
    };
    if (!response.ok || payload.data === undefined) {
      const error = payload.error;
      if (!error) throw new Error(`HTTP ${response.status}`);
      const lines = [error.message, ...(error.detail ? [error.detail] : [])];
      for (const issue of error.issues ?? []) lines.push(`  ${issue.path}: ${issue.message}`);
      throw new Error(lines.join("\n"));
    }
    return payload.data;
  }

  importSchedule(slug: string, schedule: unknown) {
    return this.put<ImportReport>(`/events/${encodeURIComponent(slug)}/schedule`, schedule);
  }

  exportArchive(slug: string) {
    return this.send<EventArchive>("GET", `/events/${encodeURIComponent(slug)}/archive`);
  }

  restoreArchive(archive: EventArchive) {
    return this.send<ArchiveRestoreReport>("POST", "/archive", archive);
  }

  private fileUrl(slug: string, key: string) {
    return `${this.baseUrl}/api/admin/events/${encodeURIComponent(slug)}/archive/files?key=${encodeURIComponent(key)}`;
  }

  /** One file of the event, as a response to stream (its body), or the refusal thrown. */
  async downloadFile(slug: string, key: string): Promise<Response> {
    const response = await fetch(this.fileUrl(slug, key), { headers: this.headers() });
    if (!response.ok) await this.read(response);
    return response;
  }

  async uploadFile(
    slug: string,
    key: string,
    bytes: Uint8Array<ArrayBuffer>,
    file: { contentType: string; cacheControl?: string },
  ) {
    const response = await fetch(this.fileUrl(slug, key), {
      method: "PUT",
      headers: {
        ...this.headers(),
        "content-type": file.contentType,
        ...(file.cacheControl ? { "x-file-cache-control": file.cacheControl } : {}),
      },
      body: bytes,
    });
    return this.read<{ key: string; size: number }>(response);
  }

  upsertMember(slug: string, member: MemberInput) {
    return this.put<{ id: number; email: string; speakerId: number | null }>(
      `/events/${encodeURIComponent(slug)}/members`,
      member,
    );
  }
}

/** What `POST /api/admin/archive` answers (worker/archive/event-archive.ts `RestoreReport`). */
export interface ArchiveRestoreReport {
  slug: string;
  eventId: number;
  rows: Record<string, number>;
  quizLogs: Record<string, number>;
  /** The archive's file keys, in its order, as the restored rows name them. */
  files: string[];
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
