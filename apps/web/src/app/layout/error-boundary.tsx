import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';

/** Catches render errors and failed lazy-chunk loads of a screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Keep a trace for debugging; the screen shows the error state.
    console.warn('Screen failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunkFailed =
      /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
        error.message,
      );
    if (chunkFailed) {
      return (
        <ErrorState
          title="A new version is available"
          description="This page could not be loaded. Reload to get the latest version."
          actionLabel="Reload"
          onAction={() => window.location.reload()}
          className="min-h-[60dvh] justify-center"
        />
      );
    }
    return <ErrorState className="min-h-[60dvh] justify-center" />;
  }
}
