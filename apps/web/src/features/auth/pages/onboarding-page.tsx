import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { GiftIcon, TargetIcon, UsersIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useProductName } from '@/lib/queries/app-config';
import { onboarding } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

const BENEFITS = [
  {
    icon: TargetIcon,
    title: 'Complete Quests',
    text: 'Join channels, follow creators and take on community tasks to earn W.',
    tone: 'bg-sky-100 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300',
  },
  {
    icon: UsersIcon,
    title: 'Build Connections',
    text: 'Follow members, message them and grow your circle in the community.',
    tone: 'bg-pink-100 text-pink-600 dark:bg-pink-500/15 dark:text-pink-300',
  },
  {
    icon: GiftIcon,
    title: 'Earn Rewards',
    text: 'Spend your W on perks: invites, exclusive content, discounts and events.',
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
];

/** Three benefit cards; Get Started stores the onboarding-completed flag and goes to /. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const productName = useProductName();
  useDocumentTitle('Get started', productName);
  return (
    <div className="mx-auto flex min-h-[var(--app-height)] w-full max-w-lg flex-col px-5 pt-[max(2rem,env(safe-area-inset-top))] pb-[max(1.5rem,var(--safe-bottom))]">
      <Logo name={productName} />
      <div className="mt-10">
        <h1 className="text-3xl leading-tight font-extrabold tracking-tight">Your community, rewarded.</h1>
        <p className="mt-2 text-muted-foreground">Here&apos;s what you can do with {productName}.</p>
      </div>
      <ul className="mt-8 flex flex-col gap-3">
        {BENEFITS.map(({ icon: Icon, title, text, tone }, i) => (
          <li
            key={title}
            className="flex animate-fade-in items-start gap-4 rounded-2xl border border-border bg-card p-4"
            style={{ animationDelay: `${i * 80}ms` }}
            data-testid="benefit-card"
          >
            <span className={`flex size-12 shrink-0 items-center justify-center rounded-2xl ${tone}`}>
              <Icon className="size-6" />
            </span>
            <div>
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-10">
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            onboarding.complete();
            void navigate(paths.root);
          }}
        >
          Get Started
        </Button>
      </div>
    </div>
  );
}

export default OnboardingPage;
