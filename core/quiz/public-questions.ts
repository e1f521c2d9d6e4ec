/**
 * A question of a live quiz as players and the big screen read it
 * (`GET /api/quiz/{presentationId}/questions/public`): the quiz room holds only ids, this gives
 * the words. Never the correct options: the moderator has them in the room's state.
 */
export interface PublicQuizQuestion {
  id: number;
  question: string;
  /** The question's picture when its active medium is the image. */
  image: string | null;
  order: number;
  is_survey: boolean;
  /** How many options a player picks: the number of correct options, 1 for a survey. */
  answer_count: number;
  /** In display order (a, b, c…). */
  options: { id: number; option: string; order: number }[];
}
