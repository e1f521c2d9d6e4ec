import type { SVGProps } from "react";

/**
 * One drawing per tutorial slide, in the live quiz's answer colours and the event's accent.
 * Decorative: each slide says the same in words.
 */
function Drawing(props: SVGProps<SVGSVGElement>) {
  return <svg viewBox="0 0 240 180" width="240" height="180" aria-hidden="true" focusable="false" {...props} />;
}

/** Play: a phone showing a question's four answer tiles, and a star for the points. */
export const PlayDrawing = (props: SVGProps<SVGSVGElement>) => (
  <Drawing {...props}>
    <circle cx="120" cy="92" r="78" style={{ fill: "var(--accent-soft)" }} />
    <rect x="78" y="22" width="84" height="148" rx="14" fill="#1d1150" />
    <rect x="85" y="34" width="70" height="124" rx="6" fill="#ffffff" />
    <rect x="92" y="42" width="56" height="12" rx="3" fill="#e3e6ec" />
    <rect x="92" y="62" width="26" height="40" rx="5" fill="#d01937" />
    <rect x="122" y="62" width="26" height="40" rx="5" fill="#1368ce" />
    <rect x="92" y="106" width="26" height="40" rx="5" fill="#a35f00" />
    <rect x="122" y="106" width="26" height="40" rx="5" fill="#1f7a0b" />
    <path d="m128 120 5 5 9-10" stroke="#ffffff" strokeWidth="4" fill="none" strokeLinecap="round" />
    <path
      d="m190 30 6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z"
      fill="#fbbf24"
      stroke="#d97706"
      strokeWidth="2"
      strokeLinejoin="round"
    />
    <circle cx="44" cy="52" r="7" fill="#7a3fb4" />
    <circle cx="198" cy="140" r="5" fill="#0b7f86" />
  </Drawing>
);

/** Participate: the schedule as a calendar with a bookmarked talk, and a conversation about it. */
export const ParticipateDrawing = (props: SVGProps<SVGSVGElement>) => (
  <Drawing {...props}>
    <circle cx="120" cy="92" r="78" style={{ fill: "var(--accent-soft)" }} />
    <rect x="40" y="36" width="110" height="112" rx="10" fill="#ffffff" stroke="#cfd4dd" strokeWidth="2" />
    <rect x="40" y="36" width="110" height="24" rx="10" style={{ fill: "var(--accent)" }} />
    <rect x="40" y="50" width="110" height="10" style={{ fill: "var(--accent)" }} />
    <rect x="52" y="72" width="86" height="14" rx="4" fill="#e3e6ec" />
    <rect
      x="52"
      y="94"
      width="86"
      height="14"
      rx="4"
      style={{ fill: "color-mix(in srgb, var(--accent) 35%, white)" }}
    />
    <rect x="52" y="116" width="86" height="14" rx="4" fill="#e3e6ec" />
    <path d="M126 90h10v22l-5-4-5 4z" fill="#d01937" />
    <path
      d="M148 96h56a10 10 0 0 1 10 10v26a10 10 0 0 1-10 10h-30l-14 12v-12h-12a10 10 0 0 1-10-10v-26a10 10 0 0 1 10-10z"
      fill="#1368ce"
    />
    <rect x="158" y="108" width="44" height="6" rx="3" fill="#ffffff" />
    <rect x="158" y="120" width="30" height="6" rx="3" fill="#ffffff" />
  </Drawing>
);

/** Organize: the big screen with the podium, as the moderator shows it to the room. */
export const OrganizeDrawing = (props: SVGProps<SVGSVGElement>) => (
  <Drawing {...props}>
    <circle cx="120" cy="92" r="78" style={{ fill: "var(--accent-soft)" }} />
    <rect x="34" y="26" width="172" height="108" rx="10" fill="#1d1150" />
    <rect x="42" y="34" width="156" height="92" rx="6" fill="#2b1f6b" />
    <rect x="74" y="82" width="28" height="36" rx="3" fill="#cbd5e1" />
    <rect x="106" y="66" width="28" height="52" rx="3" fill="#fbbf24" />
    <rect x="138" y="92" width="28" height="26" rx="3" fill="#fdba74" />
    <circle cx="88" cy="72" r="7" fill="#ffffff" />
    <circle cx="120" cy="56" r="7" fill="#ffffff" />
    <circle cx="152" cy="82" r="7" fill="#ffffff" />
    <path d="M110 134h20l6 18h-32z" fill="#5b6473" />
    <rect x="92" y="150" width="56" height="6" rx="3" fill="#5b6473" />
    <circle cx="204" cy="150" r="16" fill="#22c55e" />
    <path d="M199 143v14l12-7z" fill="#ffffff" />
  </Drawing>
);
