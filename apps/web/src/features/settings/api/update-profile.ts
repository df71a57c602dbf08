import { useMutation } from '@tanstack/react-query';
import { CurrentUser, type ProfileUpdate } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { sessionKeys } from '../../../lib/session/index.ts';

export function updateProfile(body: ProfileUpdate) {
  return apiFetch('/auth/user', CurrentUser, { method: 'PUT', body });
}

/** PUT /auth/user: the answer is the updated manager, which replaces the cached one. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user, user),
  });
}
