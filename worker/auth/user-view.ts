import type { SessionUser } from "@core/auth/user";
import type { MemberRow, UserRow } from "../db/queries/users";

/** The user as the client sees it (spec §3 User); never the password hash or token version. */
export function toUserView(user: UserRow, member: MemberRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    photo: user.picture,
    locale: user.locale,
    is_speaker: member.isSpeaker,
    is_moderator: member.isModerator,
    speaker_id: member.speakerId,
    external_id: user.externalId,
  };
}
