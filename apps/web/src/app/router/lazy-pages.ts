import { createElement, lazy, useState, type ComponentType } from 'react';

/** Each feature is its own chunk, loaded when one of its pages is first shown. */
const auth = () => import('../../features/auth/index.ts');
const settings = () => import('../../features/settings/index.ts');
const dashboard = () => import('../../features/dashboard/index.ts');
const help = () => import('../../features/help/index.ts');
const infosec = () => import('../../features/infosec/index.ts');
const packages = () => import('../../features/packages/index.ts');
const employees = () => import('../../features/employees/index.ts');
const catalog = () => import('../../features/catalog/index.ts');
const contentBrowser = () => import('../../features/content-browser/index.ts');
const trainings = () => import('../../features/trainings/index.ts');
const assessments = () => import('../../features/assessments/index.ts');
const reports = () => import('../../features/reports/index.ts');
const phishing = () => import('../../features/phishing/index.ts');
const billing = () => import('../../features/billing/index.ts');
const partners = () => import('../../features/partners/index.ts');
const integrations = () => import('../../features/integrations/index.ts');
const ppv = () => import('../../features/ppv/index.ts');
const cmi5 = () => import('../../features/cmi5/index.ts');

export const SignInPage = lazy(() => auth().then((m) => ({ default: m.SignInPage })));
export const SignUpPage = lazy(() => auth().then((m) => ({ default: m.SignUpPage })));
export const CheckEmailPage = lazy(() => auth().then((m) => ({ default: m.CheckEmailPage })));
export const EmailErrorPage = lazy(() => auth().then((m) => ({ default: m.EmailErrorPage })));
export const PpvTrialPage = lazy(() => auth().then((m) => ({ default: m.PpvTrialPage })));
export const TrialVerifyPage = lazy(() => auth().then((m) => ({ default: m.TrialVerifyPage })));
export const EmailTokenSignInPage = lazy(() => auth().then((m) => ({ default: m.EmailTokenSignInPage })));
export const JwtTokenSignInPage = lazy(() => auth().then((m) => ({ default: m.JwtTokenSignInPage })));

export const SettingsLayout = lazy(() => settings().then((m) => ({ default: m.SettingsLayout })));
export const ProfilePage = lazy(() => settings().then((m) => ({ default: m.ProfilePage })));
export const CompanySettingsPage = lazy(() => settings().then((m) => ({ default: m.CompanySettingsPage })));
export const AppearancePage = lazy(() => settings().then((m) => ({ default: m.AppearancePage })));
export const EmailSettingsPage = lazy(() => settings().then((m) => ({ default: m.EmailSettingsPage })));
export const AdminsPage = lazy(() => settings().then((m) => ({ default: m.AdminsPage })));
export const SettingsSectionPage = lazy(() => settings().then((m) => ({ default: m.SettingsSectionPage })));
export const ApiKeysPage = lazy(() => settings().then((m) => ({ default: m.ApiKeysPage })));
export const ScimPage = lazy(() => settings().then((m) => ({ default: m.ScimPage })));
export const AuditLogPage = lazy(() => settings().then((m) => ({ default: m.AuditLogPage })));
export const IntegrationsOverviewPage = lazy(() =>
  integrations().then((m) => ({ default: m.IntegrationsOverviewPage })),
);
export const IntegrationDetailPage = lazy(() =>
  integrations().then((m) => ({ default: m.IntegrationDetailPage })),
);
export const SubscriptionSettingsPage = lazy(() =>
  billing().then((m) => ({ default: m.SubscriptionSettingsPage })),
);
export const UpgradePage = lazy(() => billing().then((m) => ({ default: m.UpgradePage })));
/** The shell's dunning banner: only billing managers may see it, so only they load the billing code. */
export const PaymentFailedBanner = lazy(() => billing().then((m) => ({ default: m.PaymentFailedBanner })));
export const FeatureSettingsPage = lazy(() => settings().then((m) => ({ default: m.FeatureSettingsPage })));

/**
 * A page imported as soon as the app starts, for the page a manager lands on (its chunks are fetched
 * beside the entry's, see vite.config.ts): once its module is in, it renders at once instead of
 * suspending. A page that suspends shows the shell's loader first, and React then holds the page back
 * for up to 300 ms after that fallback appeared (its throttle on revealing suspended content), which
 * was a third of the dashboard's largest paint. Each mount keeps the component it started with.
 */
function eagerPage(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  const loading = load().then((component) => (loaded = component));
  const Lazy = lazy(() => loading.then((component) => ({ default: component })));
  return function EagerPage() {
    const [Page] = useState(() => loaded ?? Lazy);
    return createElement(Page);
  };
}

export const DashboardPage = eagerPage(() => dashboard().then((m) => m.DashboardPage));
export const HelpPage = lazy(() => help().then((m) => ({ default: m.HelpPage })));
export const InfosecBoardPage = lazy(() => infosec().then((m) => ({ default: m.InfosecBoardPage })));
export const PackageAssignedPage = lazy(() => packages().then((m) => ({ default: m.PackageAssignedPage })));

export const PartnerLayout = lazy(() => partners().then((m) => ({ default: m.PartnerLayout })));
export const PartnerCompaniesPage = lazy(() => partners().then((m) => ({ default: m.PartnerCompaniesPage })));
export const PartnerCompanyPage = lazy(() => partners().then((m) => ({ default: m.PartnerCompanyPage })));
export const NewPartnerCompanyPage = lazy(() =>
  partners().then((m) => ({ default: m.NewPartnerCompanyPage })),
);
export const PartnerPaymentsPage = lazy(() => partners().then((m) => ({ default: m.PartnerPaymentsPage })));
export const PartnerResourcesPage = lazy(() => partners().then((m) => ({ default: m.PartnerResourcesPage })));
export const AssignPackagePage = lazy(() => partners().then((m) => ({ default: m.AssignPackagePage })));
export const AdminPartnersPage = lazy(() => partners().then((m) => ({ default: m.AdminPartnersPage })));

export const EmployeesLayout = lazy(() => employees().then((m) => ({ default: m.EmployeesLayout })));
export const EmployeeListsPage = lazy(() => employees().then((m) => ({ default: m.EmployeeListsPage })));
export const CreateListModal = lazy(() => employees().then((m) => ({ default: m.CreateListModal })));
export const ImportEmployeesModal = lazy(() =>
  employees().then((m) => ({ default: m.ImportEmployeesModal })),
);
export const ListDetailPage = lazy(() => employees().then((m) => ({ default: m.ListDetailPage })));
export const RenameListModal = lazy(() => employees().then((m) => ({ default: m.RenameListModal })));
export const AddEmployeesModal = lazy(() => employees().then((m) => ({ default: m.AddEmployeesModal })));
export const EmployeeDetailPage = lazy(() => employees().then((m) => ({ default: m.EmployeeDetailPage })));

export const CatalogPage = lazy(() => catalog().then((m) => ({ default: m.CatalogPage })));
export const SubjectDetailPage = lazy(() => catalog().then((m) => ({ default: m.SubjectDetailPage })));
export const ContentBrowserPage = lazy(() =>
  contentBrowser().then((m) => ({ default: m.ContentBrowserPage })),
);

export const TrainingsArea = lazy(() => trainings().then((m) => ({ default: m.TrainingsArea })));
export const TrainingListPage = lazy(() => trainings().then((m) => ({ default: m.TrainingListPage })));
export const TrainingDetailPage = lazy(() => trainings().then((m) => ({ default: m.TrainingDetailPage })));
export const TrainingEmployeePage = lazy(() =>
  trainings().then((m) => ({ default: m.TrainingEmployeePage })),
);
export const TrainingWizardPage = lazy(() => trainings().then((m) => ({ default: m.TrainingWizardPage })));
export const TrainingReportPage = lazy(() => trainings().then((m) => ({ default: m.TrainingReportPage })));

export const AssessmentsArea = lazy(() => assessments().then((m) => ({ default: m.AssessmentsArea })));
export const AssessmentListPage = lazy(() => assessments().then((m) => ({ default: m.AssessmentListPage })));
export const AssessmentWizardPage = lazy(() =>
  assessments().then((m) => ({ default: m.AssessmentWizardPage })),
);
export const AssessmentDetailPage = lazy(() =>
  assessments().then((m) => ({ default: m.AssessmentDetailPage })),
);
export const ThreatAreaPage = lazy(() => assessments().then((m) => ({ default: m.ThreatAreaPage })));

export const PhishingArea = lazy(() => phishing().then((m) => ({ default: m.PhishingArea })));
export const PhishingListPage = lazy(() => phishing().then((m) => ({ default: m.PhishingListPage })));
export const PhishingWizardPage = lazy(() => phishing().then((m) => ({ default: m.PhishingWizardPage })));
export const PhishingDetailPage = lazy(() => phishing().then((m) => ({ default: m.PhishingDetailPage })));
export const PhishingTemplatesPage = lazy(() =>
  phishing().then((m) => ({ default: m.PhishingTemplatesPage })),
);
export const PhishingTemplateEditorPage = lazy(() =>
  phishing().then((m) => ({ default: m.PhishingTemplateEditorPage })),
);
export const PhishingSettingsPage = lazy(() => phishing().then((m) => ({ default: m.PhishingSettingsPage })));
export const PhishingReportedPage = lazy(() => phishing().then((m) => ({ default: m.PhishingReportedPage })));

export const ReportsPage = lazy(() => reports().then((m) => ({ default: m.ReportsPage })));

export const PpvLayout = lazy(() => ppv().then((m) => ({ default: m.PpvLayout })));
export const PpvVideosPage = lazy(() => ppv().then((m) => ({ default: m.PpvVideosPage })));
export const PpvUsagePage = lazy(() => ppv().then((m) => ({ default: m.PpvUsagePage })));
export const EmbedConfigPage = lazy(() => ppv().then((m) => ({ default: m.EmbedConfigPage })));
export const VideosToEmbedPage = lazy(() => ppv().then((m) => ({ default: m.VideosToEmbedPage })));
export const Cmi5Page = lazy(() => cmi5().then((m) => ({ default: m.Cmi5Page })));
