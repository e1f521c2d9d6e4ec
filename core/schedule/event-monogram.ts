/** Up to two initials of an event's name: what stands in for a missing logo. */
export function eventMonogram(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase())
    .join("");
}
