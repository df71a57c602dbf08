import { Svg, type IconProps } from '@vigil/player';

/** Small inline icons, drawn like the player's; decorative, so hidden from assistive technology. */
export { CheckIcon } from '@vigil/player';

export const ShieldIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 3l8 4v5c0 5-3.5 8.5-8 9-4.5-.5-8-4-8-9V7l8-4z" />
  </Svg>
);

export const BackIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);

export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Svg>
);

export const DownloadIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 4v11m-5-5l5 5 5-5M5 20h14" />
  </Svg>
);

export const CalendarIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M4 10h16M9 3v4M15 3v4" />
  </Svg>
);

export const BranchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="6" cy="5" r="2" />
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="12" r="2" />
    <path d="M6 7v10M6 9c0 2.5 3 3 10 3" />
  </Svg>
);

export const ChecklistIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6l1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17M11 6h9M11 12h9M11 18h9" />
  </Svg>
);

/** An interactive subject: a magnifier over a flag. */
export const SearchFlagIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="10" cy="10" r="6" />
    <path d="M14.5 14.5L20 20M8 13V7l4 1.5L8 10" />
  </Svg>
);
