import { useEffect } from 'react';

const BASE = 'Wyn';

/** Sets the tab title ("Title · Wyn"); the bare product name when no title is given. */
export function useDocumentTitle(title?: string | null, productName: string = BASE): void {
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}
