import type { SVGProps } from "react";
import { Icon } from "../icons";

/** Line icons of the quiz screens: the app's icons, a little larger and bolder for projectors. */
function QuizIcon(props: SVGProps<SVGSVGElement>) {
  return <Icon width="22" height="22" strokeWidth="2" {...props} />;
}

type IconProps = SVGProps<SVGSVGElement>;

export const PlayIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </QuizIcon>
);

export const PauseIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M8 5v14M16 5v14" strokeWidth="3" />
  </QuizIcon>
);

export const TrophyIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M7 4h10v5a5 5 0 0 1-10 0zM7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3M8.5 20h7l-1-3h-5z" />
  </QuizIcon>
);

export const HourglassIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M6.5 3.5h11M6.5 20.5h11M7.5 3.5c0 4.5 4.5 5.5 4.5 8.5s-4.5 4-4.5 8.5M16.5 3.5c0 4.5-4.5 5.5-4.5 8.5s4.5 4 4.5 8.5M9.5 19h5l-2.5-3z" />
  </QuizIcon>
);

export const ChartIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
  </QuizIcon>
);

export const CheckIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" strokeWidth="3" />
  </QuizIcon>
);

export const CrossIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="m6.5 6.5 11 11M17.5 6.5l-11 11" strokeWidth="3" />
  </QuizIcon>
);

export const UsersIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 5.2a3.5 3.5 0 0 1 0 6.6M18.5 14.3A6.5 6.5 0 0 1 21.5 20" />
  </QuizIcon>
);

export const ArrowRightIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M4 12h15M13 6l6 6-6 6" />
  </QuizIcon>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <QuizIcon {...props}>
    <path d="M20 12H5M11 6l-6 6 6 6" />
  </QuizIcon>
);
