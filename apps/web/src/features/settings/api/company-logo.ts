import { useMutation } from '@tanstack/react-query';
import { Company } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceSessionCompany } from './update-company.ts';

const companyPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}`;

export function uploadLogo(companyId: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch(`${companyPath(companyId)}/logo`, Company, { method: 'PUT', body });
}

export function removeLogo(companyId: string) {
  return apiFetch(`${companyPath(companyId)}/remove_logo`, Company, { method: 'POST' });
}

/** PUT /companies/{id}/logo (multipart): the saved company, with its new logo, replaces the session's. */
export function useUploadLogo(companyId: string) {
  return useMutation({
    mutationFn: (file: File) => uploadLogo(companyId, file),
    onSuccess: replaceSessionCompany,
  });
}

/** POST /companies/{id}/remove_logo */
export function useRemoveLogo(companyId: string) {
  return useMutation({ mutationFn: () => removeLogo(companyId), onSuccess: replaceSessionCompany });
}

/** POST /companies/{id}/switchTrackingAnonymous: irreversible. */
export function useSwitchTrackingAnonymous(companyId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${companyPath(companyId)}/switchTrackingAnonymous`, Company, { method: 'POST' }),
    onSuccess: replaceSessionCompany,
  });
}
