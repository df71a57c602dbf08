import { useMutation, useQuery } from '@tanstack/react-query';
import {
  EmailPreview,
  EmailSettings,
  type EmailPreviewRequest,
  type EmailSettingsUpdate,
} from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

const base = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/email_settings`;

export const emailSettingsKeys = {
  texts: (companyId: string) => ['settings', companyId, 'email'] as const,
  preview: (companyId: string, request: EmailPreviewRequest) =>
    ['settings', companyId, 'email', 'preview', request] as const,
};

/** GET /companies/{id}/email_settings: the company's mail texts ('' where the default applies). */
export function useEmailSettings(companyId: string) {
  return useQuery({
    queryKey: emailSettingsKeys.texts(companyId),
    queryFn: ({ signal }) => apiFetch(base(companyId), EmailSettings, { signal }),
  });
}

/** PUT: the texts given replace the saved ones; the answer is what is saved now. */
export function useSaveEmailSettings(companyId: string) {
  return useMutation({
    mutationFn: (body: EmailSettingsUpdate) =>
      apiFetch(base(companyId), EmailSettings, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKeys.texts(companyId), saved),
  });
}

/** POST preview: the mail an employee gets with these (unsaved) texts, rendered by the server's templates. */
export function useEmailPreview(companyId: string, request: EmailPreviewRequest | null) {
  return useQuery({
    queryKey: emailSettingsKeys.preview(companyId, request ?? { kind: 'training' }),
    queryFn: ({ signal }) =>
      apiFetch(`${base(companyId)}/preview`, EmailPreview, { method: 'POST', body: request!, signal }),
    enabled: request !== null,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
