import { useEffect } from 'react';
import type { Brand } from '@vigil/shared';
import { useI18n } from '../i18n/i18n.ts';

/** The company's white-label links under every page: its support address, and help, privacy and terms when set. */
export function AppFooter({ brand }: { brand: Brand }) {
  const { t } = useI18n();
  const links = [
    { label: t('footerHelp'), url: brand.helpUrl },
    { label: t('footerPrivacy'), url: brand.privacyUrl },
    { label: t('footerTerms'), url: brand.termsUrl },
  ].filter((link): link is { label: string; url: string } => Boolean(link.url));
  // The address is a link inside the sentence, wherever the language puts it.
  const [before, after] = t('footerSupport', { email: '\u0000' }).split('\u0000');
  return (
    <footer className="app-footer" aria-label={t('footerLabel')}>
      <div className="app-footer-inner">
        <span>
          {before}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
          {after}
        </span>
        {links.map((link) => (
          <a key={link.label} href={link.url} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        ))}
      </div>
    </footer>
  );
}

/** The company's favicon on the tab once its brand is known (index.html links the product's). */
export function useBrandFavicon(url: string | null | undefined): void {
  useEffect(() => {
    if (!url) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const previous = link.href;
    link.href = url;
    return () => {
      link.href = previous;
    };
  }, [url]);
}
