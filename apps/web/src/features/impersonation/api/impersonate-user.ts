import { useMutation } from '@tanstack/react-query';
import { ImpersonateResponse, type ImpersonateRequest } from '@vigil/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';

export function impersonateUser(body: z.input<typeof ImpersonateRequest>) {
  return apiFetch('/admin/impersonate', ImpersonateResponse, { method: 'POST', body });
}

/** Super-admins only: answers a sign-in link (/auth/jwt/signin/{token}) for the other user. */
export function useImpersonateUser() {
  return useMutation({ mutationFn: impersonateUser });
}
