import { ShieldIcon } from '../components/icons.tsx';
import { SsoSignIn } from '../components/sso-sign-in.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * A page of its own for an employee who cannot be signed in: no link opened yet, or an expired one; a
 * company with single sign-on lets them sign in through it here.
 */
export function NoticePage({ reason }: { reason: 'noToken' | 'linkInvalid' }) {
  const { t } = useI18n();
  const title = reason === 'noToken' ? t('noTokenTitle') : t('linkInvalidTitle');
  useDocumentTitle(`${title} · ${t('appTitle')}`);
  return (
    <main className="notice" id="main">
      <section className="card notice-card" aria-labelledby="notice-title">
        <div className="notice-icon">
          <ShieldIcon size={32} />
        </div>
        <h1 id="notice-title">{title}</h1>
        <p>{reason === 'noToken' ? t('noTokenText') : t('linkInvalid')}</p>
        <p className="muted">{t('noTokenHint')}</p>
        <SsoSignIn />
      </section>
    </main>
  );
}
