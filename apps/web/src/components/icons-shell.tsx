/**
 * The icons the app's shell draws at start (navigation, header, error state, Home's welcome card), apart from the
 * others so the initial JavaScript holds only these (docs/performance.md, Web). The shell's modules import them from
 * here; everything else imports every icon from icons.tsx.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export function icon(paths: ReactNode, displayName: string) {
  function Icon({ className = 'size-5', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const HomeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
  </>,
  'HomeIcon',
);
export const CompassIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
  'CompassIcon',
);
export const PlusIcon = /* @__PURE__ */ icon(<path d="M12 5v14M5 12h14" />, 'PlusIcon');
export const WalletIcon = /* @__PURE__ */ icon(
  <>
    <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3" />
    <path d="M3 7h16a2 2 0 0 1 2 2v3h-5a2 2 0 0 0 0 4h5" />
  </>,
  'WalletIcon',
);
export const BellIcon = /* @__PURE__ */ icon(
  <>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
  'BellIcon',
);
export const MessageIcon = /* @__PURE__ */ icon(
  <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.9-.9L3 21l1.9-5.1A8.4 8.4 0 0 1 12 3.1a8.4 8.4 0 0 1 9 8.4z" />,
  'MessageIcon',
);
export const SearchIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
  'SearchIcon',
);
export const AlertCircleIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </>,
  'AlertCircleIcon',
);
export const ChevronRightIcon = /* @__PURE__ */ icon(<path d="m9 18 6-6-6-6" />, 'ChevronRightIcon');
export function CoinIcon({ className = 'size-5', ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className} {...props}>
      <circle cx="12" cy="12" r="10" fill="#FFC23D" />
      <circle cx="12" cy="12" r="7.6" fill="#FFD66B" stroke="#E9A400" strokeWidth="1" />
      <path d="M7.3 9h1.8l1.2 4.4L11.6 9h1.3l1.3 4.4L15.4 9h1.8l-2.2 6.4h-1.6L12.3 11l-1.2 4.4H9.5z" fill="#8A5A00" />
    </svg>
  );
}
