import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { CreateUsersBatchRequest } from '@vigil/shared';
import type { ImportTarget } from '../import-target.ts';
import { employeeKeys } from './employee-keys.ts';
import { importEmployees } from './import-employees.ts';

export interface ImportPreviewInput {
  /** Changes with every file read, so the key stands for the lines without holding them. */
  fileVersion: number;
  records: string[];
  target: ImportTarget;
  removeObsolete: boolean;
}

export const importPreviewQueryOptions = (companyId: string, input: ImportPreviewInput | null) => {
  const body: CreateUsersBatchRequest | null = input && {
    ...input.target,
    records: input.records,
    removeObsolete: input.removeObsolete,
    preview: true,
  };
  return queryOptions({
    queryKey: employeeKeys.importPreview(companyId, {
      fileVersion: input?.fileVersion ?? null,
      ...input?.target,
      removeObsolete: input?.removeObsolete ?? false,
    }),
    queryFn: body ? ({ signal }) => importEmployees(companyId, body, signal) : skipToken,
    // A preview is asked for on purpose and changes nothing; it is not refreshed behind the user's back.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    // While another preview of the same file loads (a ticked checkbox, another list) the last one stays.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].fileVersion === input?.fileVersion ? previous : undefined,
  });
};

/**
 * POST createUsersBatch with preview true: what the file would change. It changes nothing, so it is
 * loaded like any read, again whenever the file, the list or the obsolete choice changes.
 */
export function useImportPreview(companyId: string, input: ImportPreviewInput | null) {
  return useQuery(importPreviewQueryOptions(companyId, input));
}
