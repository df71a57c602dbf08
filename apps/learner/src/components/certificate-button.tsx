import { useState } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { fetchCertificate } from '../lib/api.ts';
import { saveFile } from '../lib/save-file.ts';
import { DownloadIcon } from './icons.tsx';

const CERTIFICATE_FILE = 'certificate.pdf';

/** Downloads the program's certificate; the call needs the bearer token, so it cannot be a plain link. */
export function CertificateButton({ trainingId }: { trainingId: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await fetchCertificate(trainingId), CERTIFICATE_FILE);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="certificate">
      <button type="button" className="button button-primary" onClick={download} aria-disabled={busy}>
        <DownloadIcon size={18} />
        {busy ? t('preparingCertificate') : t('downloadCertificate')}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('certificateError')}
        </p>
      )}
    </div>
  );
}
