import { useCopyLinkFrom } from '../../campaigns/index.ts';
import { useSigninLink } from '../api/get-training-user.ts';

/** "Copy sign-in link" of a training program's employee (spec 2 §2). */
export function useCopySigninLink(companyId: string, trainingId: string) {
  return useCopyLinkFrom(useSigninLink(companyId, trainingId));
}
