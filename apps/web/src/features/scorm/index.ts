/*
 * SCORM 1.2, SCORM 2004 and cmi5 packages (issue 23): the lists' SCORM tables, the package downloads of
 * a program, the wizard's format and variant choice and create-package action, and the /cmi5 admin.
 */
export { createProgramPackage, programPackagePath, type ProgramKind } from './api/packages-api.ts';
export { PackageDownloadIcon, PackageDownloadsMenu } from './components/package-downloads.tsx';
export { ScormProgramsTable } from './components/scorm-programs-table.tsx';
export {
  DEFAULT_PACKAGE_CHOICE,
  PackageChoiceFields,
  PackageReady,
  type PackageChoice,
} from './components/package-choice.tsx';
