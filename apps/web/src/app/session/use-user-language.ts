import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/session/index.ts';

/** Once the manager is known, the interface follows the language saved in their profile. */
export function useUserLanguage(): void {
  const { i18n } = useTranslation();
  const language = useCurrentUser().data?.language;

  useEffect(() => {
    if (language && language !== i18n.resolvedLanguage && language !== i18n.language) {
      void changeLanguage(language);
    }
  }, [language, i18n]);
}
