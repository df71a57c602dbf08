import { useId, type Ref } from 'react';
import { useI18n } from '../i18n/i18n.ts';

/** Loose on purpose: the server decides; this only catches typing slips before a round trip. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The work email of the learner's sign-in forms: its label, the input and its error below it. */
export function EmailField({
  value,
  onChange,
  error,
  inputRef,
  required,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; the input says it is invalid and points to it. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
}) {
  const { t } = useI18n();
  const inputId = useId();
  const errorId = useId();
  return (
    <>
      <label className="field-label" htmlFor={inputId}>
        {t('emailLabel')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="text-input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
