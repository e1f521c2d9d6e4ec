/**
 * The app's line icons the first screen draws (web/src/components/icons.tsx), as SVG markup: the
 * same attributes and shapes, so nothing changes when the app's own replace them. A unit test
 * compares each with the app's.
 */
const SHAPES = {
  calendar: '<rect x="3.5" y="5" width="17" height="15.5" rx="2.5"></rect><path d="M3.5 10h17M8 3v4M16 3v4"></path>',
  chevronDown: '<path d="m6 9 6 6 6-6"></path>',
  chevronLeft: '<path d="m15 6-6 6 6 6"></path>',
  chevronRight: '<path d="m9 6 6 6-6 6"></path>',
  menu: '<path d="M4 7h16M4 12h16M4 17h16"></path>',
  pin: '<path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z"></path><circle cx="12" cy="10" r="2.3"></circle>',
  questionCircle:
    '<circle cx="12" cy="12" r="8.5"></circle><path d="M9.6 9.5a2.5 2.5 0 0 1 4.8 1c0 1.7-2.4 2.1-2.4 3.5M12 17h.01"></path>',
  search: '<circle cx="10.5" cy="10.5" r="6.5"></circle><path d="m15.5 15.5 5 5"></path>',
  users:
    '<circle cx="9" cy="8.5" r="3.3"></circle><path d="M3 19.5a6 6 0 0 1 12 0M15.5 5.4a3.3 3.3 0 0 1 0 6.2M17.5 14.2a6 6 0 0 1 3.5 5.3"></path>',
  sidebar: '<rect x="3.5" y="4.5" width="17" height="15" rx="2.5"></rect><path d="M9.5 4.5v15"></path>',
  chatBubbles:
    '<path d="M4 5.5h11a1.5 1.5 0 0 1 1.5 1.5v6.5A1.5 1.5 0 0 1 15 15H9l-4 3v-3H4a1.5 1.5 0 0 1-1.5-1.5V7A1.5 1.5 0 0 1 4 5.5Z"></path><path d="M19.5 9h.5a1.5 1.5 0 0 1 1.5 1.5V17a1.5 1.5 0 0 1-1.5 1.5h-1v2.5l-3.5-2.5h-3"></path>',
  broadcast:
    '<circle cx="12" cy="12" r="2"></circle><path d="M8.2 15.8a5.4 5.4 0 0 1 0-7.6M15.8 8.2a5.4 5.4 0 0 1 0 7.6M5.4 18.6a9.3 9.3 0 0 1 0-13.2M18.6 5.4a9.3 9.3 0 0 1 0 13.2"></path>',
  playCircle: '<circle cx="12" cy="12" r="8.5"></circle><path d="M10 8.8v6.4l5.2-3.2Z"></path>',
  fileText:
    '<path d="M14 3.5H7A1.5 1.5 0 0 0 5.5 5v14A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5V8Z"></path><path d="M14 3.5V8h4.5M9 12.5h6M9 16h6"></path>',
} as const;

export type IconName = keyof typeof SHAPES;

/** An icon as the app's `Icon` draws it, with the class the app gives it there. */
export function icon(name: IconName, className?: string): string {
  const classAttribute = className ? ` class="${className}"` : "";
  return `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"${classAttribute}>${SHAPES[name]}</svg>`;
}
