/**
 * Manage quiz (live quiz spec §1, §6): a moderator of the event, or the speaker whose speaker_id
 * is the presentation's. The API enforces it; the web only shows what it allows.
 */
export function canManageQuiz(
  member: { isModerator: boolean; speakerId: number | null },
  presentationSpeakerId: number | null,
): boolean {
  return member.isModerator || (member.speakerId !== null && member.speakerId === presentationSpeakerId);
}
