/** On mobile, presentation names longer than this many characters are cut. */
export const MOBILE_NAME_LIMIT = 72;

/** How many characters of a cut name are kept before the ellipsis. */
export const MOBILE_NAME_CUT = 70;

/**
 * The name unchanged when it has at most `limit` characters, else its first `cut` characters and
 * "…". Counts Unicode code points, so an emoji or astral character is never split in half.
 */
export function truncateName(name: string, limit = MOBILE_NAME_LIMIT, cut = MOBILE_NAME_CUT): string {
  const characters = Array.from(name);
  if (characters.length <= limit) return name;
  return `${characters.slice(0, cut).join("")}…`;
}
