/**
 * Who reaches a talk's versions (spec 1 §6; the API and the version-stream room enforce it).
 * Both take the caller's membership of the talk's own event.
 */
interface Member {
  isModerator: boolean;
  speakerId: number | null;
}

/** Only the talk's own speaker creates, changes and deletes its versions. */
export const canWriteVersions = (member: Member, talkSpeakerId: number | null): boolean =>
  member.speakerId !== null && member.speakerId === talkSpeakerId;

/** The talk's speaker and the event's moderators see its versions and their progress. */
export const canReadVersions = (member: Member, talkSpeakerId: number | null): boolean =>
  member.isModerator || canWriteVersions(member, talkSpeakerId);
