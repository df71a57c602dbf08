import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { ApiError, startSingleSignOn } from '../lib/api.ts';
import { EmailField, looksLikeEmail } from './email-field.tsx';

/**
 * Signing in with the company's identity provider (SAML single sign-on): with the company of a shared
 * link, one button; otherwise the work email finds the company by its domain. The browser then goes
 * to the provider, which sends it back here signed in.
 */
export function SsoSignIn({ companyId, redirect }: { companyId?: string; redirect?: string }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (going) return;
    const value = email.trim();
    if (!companyId && !looksLikeEmail(value)) return setProblem(t('emailInvalid'));
    setProblem(null);
    setGoing(true);
    try {
      const { redirect: next } = await startSingleSignOn({
        ...(companyId ? { companyId } : { email: value }),
        ...(redirect ? { redirect } : {}),
      });
      window.location.assign(next);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 404 ? t('ssoNone') : t('genericError'));
      setGoing(false);
    }
  }

  return (
    <form className="access-form sso-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="sso-title">{t('ssoTitle')}</h2>
      {companyId ? (
        problem && (
          <p id={errorId} className="field-error" role="alert">
            {problem}
          </p>
        )
      ) : (
        <EmailField value={email} onChange={setEmail} error={problem} />
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={going || undefined}>
          {going ? t('ssoGoing') : t('ssoButton')}
        </button>
      </div>
    </form>
  );
}
