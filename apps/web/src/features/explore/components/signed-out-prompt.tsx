import { EXPLORE_MSG } from '@wyn/contract';
import { Link } from 'react-router';
import { CompassIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { redirectAfterAuth } from '@/lib/session';

/** Explore without a login: Sign In (returning to /explore afterwards) and Create Account. */
export function SignedOutPrompt() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <span className="mb-5 flex size-16 items-center justify-center rounded-3xl bg-primary-soft text-primary">
        <CompassIcon className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{EXPLORE_MSG.signInTitle}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{EXPLORE_MSG.signInHint}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row">
        <Link
          to={paths.login}
          onClick={() => redirectAfterAuth.set(paths.explore)}
          className={buttonVariants({ size: 'lg', className: 'w-full sm:flex-1' })}
        >
          Sign In
        </Link>
        <Link
          to={paths.register}
          className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full sm:flex-1' })}
        >
          Create Account
        </Link>
      </div>
    </div>
  );
}
