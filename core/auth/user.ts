/** The signed-in user as the API returns it (spec §3 User); never a password or token version. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  picture: string | null;
  photo: string | null;
  locale: string;
  is_speaker: boolean;
  is_moderator: boolean;
  speaker_id: number | null;
  external_id: string | null;
}
