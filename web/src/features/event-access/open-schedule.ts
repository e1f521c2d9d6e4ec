import { ErrorCode } from "@core/errors";
import type { PublicEvent, PublicSchedule } from "@core/schedule/public-schedule";
import { asApiError, fetchEventBasics, fetchPublicSchedule } from "../../lib/api";

/** Who opens an event: the password that opens it, and the member's session token. */
interface ScheduleCaller {
  password: string | undefined;
  token: string | null;
}

/**
 * What the pages of an event that lets no one in anonymously show a visitor not signed in to it:
 * its branding and no programme, under the login overlay it forces (spec §2, §6).
 */
function membersOnlySchedule(event: PublicEvent): PublicSchedule {
  return { event, presentations: [], aggregates: { speakers: [], rooms: [], associations: [], dates: [] } };
}

/**
 * The event's schedule as `caller` may see it: the whole programme, or, where the server wants a
 * member (401 `login-required`), its public branding alone until a member logs in.
 */
export async function openSchedule(
  slug: string,
  caller: ScheduleCaller,
  signal?: AbortSignal,
): Promise<PublicSchedule> {
  try {
    return await fetchPublicSchedule(slug, caller, signal);
  } catch (reason) {
    if (asApiError(reason).code !== ErrorCode.LoginRequired) throw reason;
    return membersOnlySchedule(await fetchEventBasics(slug, signal));
  }
}
