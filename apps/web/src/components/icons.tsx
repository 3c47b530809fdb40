/**
 * Inline SVG icons (24×24, stroke = currentColor). Decorative by default: label the control, not the icon.
 * The shell's icons (navigation, header, error state) are made in icons-shell.tsx and re-exported here: the
 * shell imports them from there, so the initial JavaScript holds only those (docs/performance.md, Web).
 */
import { icon, type IconProps } from './icons-shell';

export {
  type IconProps,
  AlertCircleIcon,
  BellIcon,
  ChevronRightIcon,
  CoinIcon,
  CompassIcon,
  HomeIcon,
  MessageIcon,
  PlusIcon,
  SearchIcon,
  WalletIcon,
} from './icons-shell';

export const UserIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
  'UserIcon',
);
export const UsersIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0" />
    <path d="M16 3.5a4 4 0 0 1 0 9M18 14.5a7 7 0 0 1 4 6.5" />
  </>,
  'UsersIcon',
);
export const SlidersIcon = /* @__PURE__ */ icon(
  <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4" />,
  'SlidersIcon',
);
export const ChevronLeftIcon = /* @__PURE__ */ icon(<path d="m15 18-6-6 6-6" />, 'ChevronLeftIcon');
export const ArrowRightIcon = /* @__PURE__ */ icon(<path d="M5 12h14M13 6l6 6-6 6" />, 'ArrowRightIcon');
export const ArrowLeftIcon = /* @__PURE__ */ icon(<path d="M19 12H5M11 18l-6-6 6-6" />, 'ArrowLeftIcon');
export const CheckIcon = /* @__PURE__ */ icon(<path d="M20 6 9 17l-5-5" />, 'CheckIcon');
export const XIcon = /* @__PURE__ */ icon(<path d="M18 6 6 18M6 6l12 12" />, 'XIcon');
export const InfoIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
  'InfoIcon',
);
export const SparklesIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </>,
  'SparklesIcon',
);
export const TargetIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
  'TargetIcon',
);
export const GiftIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </>,
  'GiftIcon',
);
export const TrophyIcon = /* @__PURE__ */ icon(
  <>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
  </>,
  'TrophyIcon',
);
export const ClockIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
  'ClockIcon',
);
export const LinkIcon = /* @__PURE__ */ icon(
  <>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </>,
  'LinkIcon',
);
export const SendIcon = /* @__PURE__ */ icon(
  <>
    <path d="m22 2-7 20-4-9-9-4z" />
    <path d="M22 2 11 13" />
  </>,
  'SendIcon',
);
export const PlayIcon = /* @__PURE__ */ icon(
  <>
    <rect x="2" y="5" width="20" height="14" rx="3" />
    <path d="m10 9 5 3-5 3z" />
  </>,
  'PlayIcon',
);
export const BotIcon = /* @__PURE__ */ icon(
  <>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 8V4M9 4h6M9 13v1M15 13v1" />
  </>,
  'BotIcon',
);
export const HashIcon = /* @__PURE__ */ icon(<path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />, 'HashIcon');
export const HeartIcon = /* @__PURE__ */ icon(
  <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z" />,
  'HeartIcon',
);
export const ShareIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </>,
  'ShareIcon',
);
export const TicketIcon = /* @__PURE__ */ icon(
  <>
    <path d="M3 9a3 3 0 0 0 0 6v3a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1v-3a3 3 0 0 1 0-6V6a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1z" />
    <path d="M13 5v2M13 17v2M13 11v2" />
  </>,
  'TicketIcon',
);
export const CalendarIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
  'CalendarIcon',
);
export const LockIcon = /* @__PURE__ */ icon(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
  'LockIcon',
);
export const EyeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'EyeIcon',
);
export const EyeOffIcon = /* @__PURE__ */ icon(
  <>
    <path d="M10.7 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
  </>,
  'EyeOffIcon',
);
export const RefreshIcon = /* @__PURE__ */ icon(
  <>
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M21 3v5h-5M3 21v-5h5" />
  </>,
  'RefreshIcon',
);
export const LogOutIcon = /* @__PURE__ */ icon(
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5M21 12H9" />
  </>,
  'LogOutIcon',
);
export const ShieldIcon = /* @__PURE__ */ icon(<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />, 'ShieldIcon');
export const FileTextIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6M8 13h8M8 17h5" />
  </>,
  'FileTextIcon',
);
export const ConstructionIcon = /* @__PURE__ */ icon(
  <>
    <rect x="2" y="6" width="20" height="8" rx="1" />
    <path d="M17 14v7M7 14v7M17 3v3M7 3v3M10 14 2.3 6.3M14 6l7.7 7.7M8 6l8 8" />
  </>,
  'ConstructionIcon',
);

/** Telegram's paper plane in a circle (brand mark, filled). */
export const ImageIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
  </>,
  'ImageIcon',
);
export const UploadIcon = /* @__PURE__ */ icon(
  <>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m17 8-5-5-5 5M12 3v12" />
  </>,
  'UploadIcon',
);
export const TagIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z" />
    <circle cx="7.5" cy="7.5" r="1" />
  </>,
  'TagIcon',
);
export const ClipboardCheckIcon = /* @__PURE__ */ icon(
  <>
    <rect x="8" y="2" width="8" height="4" rx="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <path d="m9 14 2 2 4-4" />
  </>,
  'ClipboardCheckIcon',
);
export const ChartIcon = /* @__PURE__ */ icon(<path d="M3 3v18h18M8 17v-5M13 17V8M18 17v-8" />, 'ChartIcon');
export const CopyIcon = /* @__PURE__ */ icon(
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </>,
  'CopyIcon',
);
export const ExternalLinkIcon = /* @__PURE__ */ icon(
  <>
    <path d="M15 3h6v6M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
  'ExternalLinkIcon',
);

export function TelegramIcon({ className = 'size-5', ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} {...props}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm4.64 6.8-1.64 7.75c-.12.55-.45.68-.9.42l-2.5-1.84-1.2 1.16c-.14.13-.25.24-.5.24l.18-2.54 4.62-4.18c.2-.18-.04-.28-.31-.1l-5.71 3.6-2.46-.77c-.53-.17-.54-.53.11-.79l9.6-3.7c.45-.16.84.1.71.75z"
      />
    </svg>
  );
}

/** The W points coin. */
