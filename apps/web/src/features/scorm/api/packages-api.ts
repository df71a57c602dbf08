import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PACKAGE_ROUTES,
  PackageInfo,
  ScormAssessmentListResponse,
  ScormTrainingListResponse,
  type PackageCreateRequest,
  type PackageFormat,
  type PackageVariant,
} from '@vigil/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { withQuery } from '../../../lib/with-query.ts';

/** A program exported as a package: a training program or an assessment. */
export type ProgramKind = 'training' | 'assessment';

export const packageKeys = {
  all: ['packages'] as const,
  scorm: (kind: ProgramKind, companyId: string, page: number) =>
    ['packages', 'scorm', kind, companyId, page] as const,
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
