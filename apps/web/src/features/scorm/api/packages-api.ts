import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PACKAGE_VARIANT,
  PACKAGE_ROUTES,
  PACKAGE_VARIANTS,
  PackageInfo,
  ScormAssessmentListResponse,
  ScormTrainingListResponse,
  type PackageCreateRequest,
  type PackageFormat,
  type PackageKind,
  type PackageVariant,
} from '@vigil/shared';
import type { z } from 'zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { apiDownload, apiFetch } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/translate-message.ts';
import { withQuery } from '../../../lib/with-query.ts';

/** A program exported as a package: a training program or an assessment. */
export type ProgramKind = Exclude<PackageKind, 'cmi5'>;

export const packageKeys = {
  all: ['packages'] as const,
  scorm: (kind: ProgramKind, companyId: string, page: number) =>
    ['packages', 'scorm', kind, companyId, page] as const,
};

/** The variants a package comes in: a self-contained one holds videos, so only a training program's. */
export const packageVariantsOf = (kind: PackageKind): readonly PackageVariant[] =>
  kind === 'training' ? PACKAGE_VARIANTS : [DEFAULT_PACKAGE_VARIANT];

/**
 * Downloads a package's zip in a format and variant with the manager's session; `pending` names the
 * download under way (the caller's key), and a failure is shown as a message.
 */
export function usePackageDownload() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const download = (
    path: string,
    choice: { format: PackageFormat; variant: PackageVariant },
    fileName: string,
    key: string,
  ) => {
    setPending(key);
    apiDownload(withQuery(path, choice), fileName)
      .catch((error: unknown) => showMessage({ type: 'error', message: translateError(t, error) }))
      .finally(() => setPending(null));
  };
  return { download, pending };
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
