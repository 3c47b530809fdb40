import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { GiftIcon, TargetIcon, UsersIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { useProductName } from '@/lib/queries/app-config';

const HIGHLIGHTS = [
  { icon: TargetIcon, text: 'Complete quests from the community' },
  { icon: UsersIcon, text: 'Follow members and build connections' },
  { icon: GiftIcon, text: 'Spend your W on exclusive perks' },
];

/** Layout of the sign-in screens: a brand panel on wide screens, the form, and the legal footer. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const productName = useProductName();
  return (
    <div className="flex min-h-dvh w-full">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-[#5b3df5] via-[#4c30e6] to-[#2f1aa8] p-10 text-white lg:flex">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10" />
        <div
          aria-hidden="true"
          className="absolute bottom-0 -left-20 size-96 rounded-full bg-fuchsia-400/20 blur-3xl"
        />
        <Logo name={productName} className="relative [&>svg]:rounded-[10px] [&>svg]:ring-2 [&>svg]:ring-white/50" />
        <div className="relative">
          <h2 className="text-4xl leading-tight font-bold tracking-tight">
            Quests, rewards and a community that pays you back.
          </h2>
          <ul className="mt-8 flex flex-col gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-white/90">
                <span className="flex size-10 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white/85">{productName} · Telegram Mini App and web</p>
      </aside>

      <div className="flex flex-1 flex-col items-center px-5 pt-[max(2rem,env(safe-area-inset-top))] pb-8 sm:px-8">
        <div className="flex w-full max-w-md flex-1 flex-col justify-center">
          <Logo name={productName} className="mb-8 lg:hidden" />
          <h1 className="text-[28px] leading-tight font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </div>
        <footer className="mt-10 flex gap-5 text-sm text-muted-foreground">
          <Link to={paths.terms} className="relative touch-target rounded hover:text-foreground hover:underline">
            Terms
          </Link>
          <Link to={paths.privacy} className="relative touch-target rounded hover:text-foreground hover:underline">
            Privacy
          </Link>
        </footer>
      </div>
    </div>
  );
}

/** "or" divider between sign-in methods. */
export function OrDivider({ label = 'or' }: { label?: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
