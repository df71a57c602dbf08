import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@vigil/shared';
import { useEffect } from 'react';
import { useCurrentCompany } from './use-current-company.ts';

/** The product's name for the current company: its white-label account name, else Vigil. */
export function useProductName(): string {
  return useCurrentCompany().company?.brand.accountName ?? PRODUCT_NAME;
}

/** The tab's title: the page's, then the product's name for the company. */
export function useBrandedTitle(title: string): void {
  useDocumentTitle(`${title} · ${useProductName()}`);
}

/** The product's own icon, as index.html links it. */
const DEFAULT_ICON = '/favicon.svg';

/**
 * The company's favicon on the tab while its pages are shown (the product's until it has one): the
 * browser has already asked for index.html's icon, so the link is swapped once the company is known.
 */
export function useCompanyFavicon(): void {
  const url = useCurrentCompany().company?.brand.faviconUrl ?? null;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    link.href = url ?? DEFAULT_ICON;
    link.removeAttribute('type');
  }, [url]);
}
