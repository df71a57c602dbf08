import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Cmi5ListResponse,
  Cmi5Package,
  PACKAGE_ROUTES,
  PackageInfo,
  ScormAssessmentListResponse,
  ScormTrainingListResponse,
  type Cmi5Create,
  type PackageCreateRequest,
  type PackageFormat,
  type PackageVariant,
} from '@vigil/shared';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';

/** A program exported as a package: a training program or an assessment. */
export type ProgramKind = 'training' | 'assessment';

export const packageKeys = {
  all: ['packages'] as const,
  scorm: (kind: ProgramKind, companyId: string, page: number) =>
    ['packages', 'scorm', kind, companyId, page] as const,
  cmi5: (companyId: string, page: number) => ['packages', 'cmi5', companyId, page] as const,
};

/** The zip of a program or a cmi5 package in this format and variant, as a plain link with the token. */
export function packageDownloadHref(
  path: string,
  choice: { format: PackageFormat; variant: PackageVariant },
  token: string,
): string {
  return `/api${withQuery(path, { ...choice, token })}`;
}

/** The API path of a program's zip. */
export const programPackagePath = (kind: ProgramKind, companyId: string, id: string) =>
  kind === 'training'
    ? PACKAGE_ROUTES.trainingPackage(companyId, id)
    : PACKAGE_ROUTES.assessmentPackage(companyId, id);

/** The wizard's create-package action (spec 2 "Package variants"): which zip the success screen offers. */
export function createProgramPackage(
  kind: ProgramKind,
  companyId: string,
  id: string,
  body: PackageCreateRequest,
): Promise<PackageInfo> {
  const path =
    kind === 'training'
      ? PACKAGE_ROUTES.createTrainingPackage(companyId, id)
      : PACKAGE_ROUTES.createAssessmentPackage(companyId, id);
  return apiFetch(path, PackageInfo, { method: 'POST', body });
}

const scormListOf = {
  training: { route: PACKAGE_ROUTES.scormTrainings, schema: ScormTrainingListResponse },
  assessment: { route: PACKAGE_ROUTES.scormAssessments, schema: ScormAssessmentListResponse },
} as const;

/** A page of the list's SCORM table (spec 2 §2: SCORM programs in a table of their own). */
export function useScormPrograms(kind: ProgramKind, companyId: string, page: number) {
  return useQuery({
    queryKey: packageKeys.scorm(kind, companyId, page),
    queryFn: ({ signal }) =>
      apiFetch(
        withQuery(scormListOf[kind].route(companyId), { p: page }),
        scormListOf[kind].schema as z.ZodType<ScormTrainingListResponse | ScormAssessmentListResponse>,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A page of the /cmi5 admin's packages. */
export function useCmi5Packages(companyId: string, page: number) {
  return useQuery({
    queryKey: packageKeys.cmi5(companyId, page),
    queryFn: ({ signal }) =>
      apiFetch(withQuery(PACKAGE_ROUTES.cmi5(companyId), { p: page }), Cmi5ListResponse, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateCmi5Package(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Cmi5Create) =>
      apiFetch(PACKAGE_ROUTES.cmi5(companyId), Cmi5Package, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.all }),
  });
}

export function useDeleteCmi5Package(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(PACKAGE_ROUTES.cmi5One(companyId, id), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.all }),
  });
}
