/** An event slug as the API accepts it (worker/validation.ts `SlugParam`): lowercase letters, digits, dashes. */
const EVENT_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isEventSlug(value: string): boolean {
  return EVENT_SLUG.test(value);
}
