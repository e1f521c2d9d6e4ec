/** Spec §9: in the video sidebar an event name without spaces is cut to 15 characters plus an ellipsis. */
const EVENT_NAME_CUT = 15;

export function sidebarEventName(name: string): string {
  return !/\s/.test(name) && name.length > EVENT_NAME_CUT ? `${name.slice(0, EVENT_NAME_CUT)}…` : name;
}
