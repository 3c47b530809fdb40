import { MSG } from '@wyn/contract';
import { Link } from 'react-router';
import { buttonVariants } from './ui/button';
import { CompassIcon } from './icons';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <span className="mb-6 flex size-20 items-center justify-center rounded-3xl bg-primary-soft text-primary">
        <CompassIcon className="size-10" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-primary">404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{MSG.notFoundPage}</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for doesn&apos;t exist or has moved.</p>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-8' })}>
        {MSG.returnHome}
      </Link>
    </div>
  );
}

export default NotFoundPage;
