import { Spinner } from '@/components/ui/spinner';

/** Shown while a lazy screen loads. */
export function PageLoader() {
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center">
      <Spinner className="size-7 text-primary" label="Loading" />
    </div>
  );
}
