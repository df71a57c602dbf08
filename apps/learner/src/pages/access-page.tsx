import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ShieldIcon } from '../components/icons.tsx';
import { EmailField, looksLikeEmail } from '../components/email-field.tsx';
import { SsoSignIn } from '../components/sso-sign-in.tsx';
import { ErrorState } from '../components/status-views.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { ApiError, NETWORK_ERROR, requestAssessmentAccess } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The manual schedule's shared link: the employee gives their work email and gets a personal link by
 * mail. The answer is the same whether or not the address may take the assessment.
 */
export function AccessPage({
  assessmentId,
  companyId,
  sso = false,
}: {
  assessmentId: string;
  companyId: string;
  /** The link says the company signs in with single sign-on (&sso=1): offered first. */
  sso?: boolean;
}) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLHeadingElement>(null);
  // The form gives way to the confirmation (or back): the focus follows.
  const shown = useRef(false);
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      return;
    }
    (sentTo ? sentRef.current : inputRef.current)?.focus();
  }, [sentTo]);
  useDocumentTitle(`${sentTo ? t('accessSentTitle') : t('accessTitle')} · ${t('appTitle')}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  async function send() {
    if (sending) return;
    const value = email.trim();
    if (!looksLikeEmail(value)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSending(true);
    setFailure(null);
    try {
      await requestAssessmentAccess(assessmentId, value, companyId);
      setSentTo(value);
    } catch (error) {
      setFailure(error instanceof ApiError ? error : new ApiError(NETWORK_ERROR, ''));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="notice">
      <section className="card notice-card" aria-labelledby="access-title">
        <div className="notice-icon">
          <ShieldIcon size={32} />
        </div>
        {sentTo ? (
          <>
            <h1 id="access-title" ref={sentRef} tabIndex={-1}>
              {t('accessSentTitle')}
            </h1>
            <p role="status">{t('accessSent', { email: sentTo })}</p>
            <button type="button" className="link-button" onClick={() => setSentTo(null)}>
              {t('accessAgain')}
            </button>
          </>
        ) : (
          <>
            <h1 id="access-title">{t('accessTitle')}</h1>
            {sso && <SsoSignIn companyId={companyId} redirect={`/assessments/${assessmentId}`} />}
            <p>{t('accessText')}</p>
            <form className="access-form" onSubmit={submit} noValidate>
              <EmailField
                inputRef={inputRef}
                required
                value={email}
                onChange={setEmail}
                error={invalid ? t('emailInvalid') : null}
              />
              <div className="actions">
                <button type="submit" className="button button-primary" aria-disabled={sending || undefined}>
                  {sending ? t('sendingLink') : t('sendLink')}
                </button>
              </div>
            </form>
            {failure && <ErrorState error={failure} onRetry={() => void send()} />}
          </>
        )}
      </section>
    </div>
  );
}
