import { useMutation, useQuery } from '@tanstack/react-query';
import { MailDetail, SigninLinkResponse, TrainingUserDetail } from '@vigil/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { trainingKeys, trainingPath } from './training-keys.ts';

const userPath = (companyId: string, trainingId: string, email: string) =>
  `${trainingPath(companyId, trainingId)}/users/${encodeURIComponent(email)}`;

/** GET …/{trainingId}/users/{email}: one employee's subjects, progress and mail log in the program. */
export function useTrainingUser(companyId: string, trainingId: string, email: string, enabled = true) {
  return useQuery({
    queryKey: trainingKeys.user(companyId, trainingId, email),
    queryFn: ({ signal }) => apiFetch(userPath(companyId, trainingId, email), TrainingUserDetail, { signal }),
    enabled,
  });
}

/** GET …/users/{email}/mails/{mailId}: a mail as it was sent (super-admins only). */
export function useTrainingMail(companyId: string, trainingId: string, email: string, mailId: string | null) {
  return useQuery({
    queryKey: trainingKeys.mail(companyId, trainingId, email, mailId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`${userPath(companyId, trainingId, email)}/mails/${encodeURIComponent(mailId!)}`, MailDetail, {
        signal,
      }),
    enabled: mailId !== null,
    staleTime: Infinity,
  });
}

/** POST …/users/{email}/link: a sign-in link to the employee's training (admins, tracking not anonymous). */
export function useSigninLink(companyId: string, trainingId: string) {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch(`${userPath(companyId, trainingId, email)}/link`, SigninLinkResponse, { method: 'POST' }),
  });
}
