export { PackageAssignedPage } from './package-assigned-page.tsx';
