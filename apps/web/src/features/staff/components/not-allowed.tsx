import { Link } from 'react-router';
import { ShieldIcon } from '@/components/icons';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** What a member who is not staff sees at /staff (the server refuses them on every staff call anyway). */
export function NotAllowed() {
  useDocumentTitle('Staff only');
  return (
    <div
      data-testid="staff-not-allowed"
      className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center px-6 py-16 text-center"
    >
      <span className="mb-6 flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary">
        <ShieldIcon className="size-10" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-primary">403</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Staff only</h1>
      <p className="mt-2 text-muted-foreground">
        This page is for the club&apos;s staff. If you run this club, ask an owner to make you staff.
      </p>
      <Link to={paths.home} className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        Return Home
      </Link>
    </div>
  );
}
