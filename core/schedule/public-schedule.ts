/**
 * The public schedule as the API serves it, in the spec's field names (schedule spec §3).
 * Shared by the Worker (which builds it) and the web (which shows it).
 */

export interface PublicEvent {
  _id: number;
  name: string;
  slug: string;
  logo: string | null;
  start: string;
  end: string;
  timeZone: string;
  venue: string | null;
  /** Sanitized HTML. */
  ad: string | null;
  allowAnonymousAccess: boolean;
  allowCreateAccount: boolean;
  forum: boolean;
  quiz: boolean;
  show_video_views: boolean;
  schedule_background_color: string | null;
  schedule_text_color: string | null;
  /** True when the event asks for a password. */
  protected: boolean;
}

export interface SpeakerInfo {
  _id: number;
  title: string | null;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export interface PublicPresentation {
  _id: number;
  name: string;
  /** Completes the name (the schedule's `subtitle`; 38C3's names end in ':'); plain text, null when none. */
  subtitle: string | null;
  abstract: string | null;
  /** yyyy-MM-dd */
  date: string;
  /** Minutes from midnight. */
  time: number;
  end_time: number;
  day: number;
  event_id: number;
  speaker_id: number | null;
  session_id: string | null;
  room_id: number | null;
  speaker_info: SpeakerInfo | null;
  /** Every speaker of the presentation, the main one first. */
  speakers: SpeakerInfo[];
  room_info: { _id: number; name: string } | null;
  type_info: { icon: string | null; name: string } | null;
  color_info: { color: string; name: string } | null;
  association_id: number | null;
  association_info: { _id: number; name: string; logo: string | null } | null;
  pdfUrl: string | null;
  pdfConvert: string | null;
  publicVideo: boolean;
  skip: number;
  /** Sanitized HTML. */
  information: string | null;
}

export interface ScheduleAggregates {
  speakers: { _id: number; title: string | null; firstName: string; lastName: string }[];
  rooms: { _id: number; name: string }[];
  associations: { _id: number; name: string }[];
  dates: string[];
}

export interface PublicSchedule {
  event: PublicEvent;
  presentations: PublicPresentation[];
  aggregates: ScheduleAggregates;
}
