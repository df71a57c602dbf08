import { isTrainingEnabled, isCmi5Enabled } from '@vigil/shared';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AccessDeniedPage } from '../../components/access-denied-page.tsx';
import { ImpersonationLogPage } from '../../features/impersonation/index.ts';
import { PATHS } from '../../lib/paths.ts';
import { useAuthToken } from '../../lib/session/index.ts';
import { RedirectIfSignedIn } from '../guards/redirect-if-signed-in.tsx';
import { RequireCompanyFeature } from '../guards/require-company-feature.tsx';
import { RequireAuth } from '../guards/require-auth.tsx';
import { LimitTeamManager } from '../guards/limit-team-manager.tsx';
import { RequireMenuTab } from '../guards/require-menu-tab.tsx';
import { RequireBillingAccess, RequireRole } from '../guards/require-role.tsx';
import { SignInWithQueryToken } from '../guards/sign-in-with-query-token.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';
import { RootLayout } from '../layouts/root-layout.tsx';
import { ShellLayout } from '../shell/shell-layout.tsx';
import * as Pages from './lazy-pages.ts';
import { NotFoundRoute } from './not-found-route.tsx';
import { RequirePartnerAccess } from '../guards/require-partner-access.tsx';
import { PartnerHomeRedirect, PartnerRedirect } from './partner-redirects.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { UpgradeRoute } from './upgrade-route.tsx';

const publicRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: 'auth/signin', element: <Pages.SignInPage /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: 'auth/signup', element: <Pages.SignUpPage /> },
          { path: 'auth/check-email', element: <Pages.CheckEmailPage /> },
          { path: 'auth/error/email', element: <Pages.EmailErrorPage /> },
        ],
      },
      // A signed-in manager starts the trial on /ppv (the no-access page offers it).
      { path: 'ppv-trial', element: <PpvTrialRoute /> },
      { path: 'manager', element: <Pages.PackageAssignedPage /> },
    ],
  },
  { path: 'auth/email/signin/:token', element: <Pages.EmailTokenSignInPage /> },
  { path: 'auth/jwt/signin/:token', element: <Pages.JwtTokenSignInPage /> },
  { path: 'trial', element: <Navigate to={PATHS.signUp} replace /> },
  { path: 'trial/verify/:token', element: <Pages.TrialVerifyPage /> },
  { path: 'dummies', element: <Navigate to={PATHS.signUp} replace /> },
  { path: 'infosec', element: <Pages.InfosecBoardPage /> },
  // Spec 3 §2.2: the public list of the videos a company can embed.
  { path: 'videos-to-embed', element: <Pages.VideosToEmbedPage /> },
];

/** Spec 3 §2.5: every settings page but the profile is for admins. */
const settingsRoutes: RouteObject = {
  path: 'settings',
  element: <Pages.SettingsLayout />,
  children: [
    { index: true, element: <Pages.ProfilePage /> },
    // Super-admins only (the page says so itself): they may be a viewer of the company they look at.
    { path: 'features', element: <Pages.FeatureSettingsPage /> },
    // Admins and the billing manager (who may be a viewer).
    {
      path: 'subscriptions',
      element: (
        <RequireBillingAccess>
          <Pages.SubscriptionSettingsPage />
        </RequireBillingAccess>
      ),
    },
    {
      element: <RequireRole />,
      children: [
        { path: 'company', element: <Pages.CompanySettingsPage /> },
        { path: 'company/appearance', element: <Pages.AppearancePage /> },
        { path: 'admins', element: <Pages.AdminsPage /> },
        { path: 'email', element: <Pages.EmailSettingsPage /> },
        { path: 'integrations', element: <Pages.IntegrationsOverviewPage /> },
        { path: 'integrations/scim', element: <Pages.ScimPage /> },
        { path: 'integrations/:name', element: <Pages.IntegrationDetailPage /> },
        { path: 'apikeys', element: <Pages.ApiKeysPage /> },
        { path: 'audit', element: <Pages.AuditLogPage /> },
      ],
    },
  ],
};

/** Spec 3 §2.1: the employees area; the modals are routes of their own above the page they open from. */
const employeesRoutes: RouteObject = {
  path: 'users',
  element: <Pages.EmployeesLayout />,
  children: [
    {
      element: <Pages.EmployeeListsPage />,
      children: [
        { index: true, element: null },
        { path: 'create-list', element: <Pages.CreateListModal /> },
        { path: 'import', element: <Pages.ImportEmployeesModal /> },
      ],
    },
    {
      path: 'add/:listId',
      element: <Pages.ListDetailPage />,
      children: [{ index: true, element: <Pages.AddEmployeesModal initialMode="import" /> }],
    },
    {
      path: 'list/:listId',
      element: <Pages.ListDetailPage />,
      children: [
        { index: true, element: null },
        { path: 'edit', element: <Pages.RenameListModal /> },
        { path: 'add-users', element: <Pages.AddEmployeesModal initialMode="manual" /> },
      ],
    },
    { path: 'list/:listId/user/:email', element: <Pages.EmployeeDetailPage /> },
  ],
};

/**
 * Spec 2 §2 Training routes: the whole area only when training is enabled (else the plan-locked
 * screen); the draft tab and the wizards are for admins, the SCORM wizard only with cmi5 on.
 */
const trainingsRoutes: RouteObject = {
  path: 'trainings',
  element: <Pages.TrainingsArea />,
  children: [
    { index: true, element: <Pages.TrainingListPage tab="all" /> },
    { path: 'active', element: <Pages.TrainingListPage tab="active" /> },
    { path: 'completed', element: <Pages.TrainingListPage tab="completed" /> },
    { path: 'draft', element: <Pages.TrainingListPage tab="draft" /> },
    {
      element: <RequireRole />,
      children: [
        { path: 'create', element: <Pages.TrainingWizardPage mode="create" /> },
        { path: 'create/copy/:fromId', element: <Pages.TrainingWizardPage mode="copy" /> },
        { path: 'edit/:id', element: <Pages.TrainingWizardPage mode="edit" /> },
        {
          path: 'create_scorm',
          element: (
            <RequireCompanyFeature enabled={isCmi5Enabled}>
              <Pages.TrainingWizardPage mode="scorm" />
            </RequireCompanyFeature>
          ),
        },
      ],
    },
    { path: ':ref/view', element: <Pages.TrainingDetailPage /> },
    { path: ':id/user/:email', element: <Pages.TrainingEmployeePage /> },
  ],
};

/**
 * Spec 2 §2 Assessment routes: the area exists only when assessments are enabled (the area component
 * redirects or shows the plan-locked page); any other path under /assessment shows the All tab.
 */
const assessmentRoutes: RouteObject = {
  path: 'assessment',
  element: <Pages.AssessmentsArea />,
  children: [
    { index: true, element: <Pages.AssessmentListPage tab="all" /> },
    { path: 'active', element: <Pages.AssessmentListPage tab="active" /> },
    { path: 'completed', element: <Pages.AssessmentListPage tab="completed" /> },
    { path: 'draft', element: <Pages.AssessmentListPage tab="draft" /> },
    {
      element: <RequireRole />,
      children: [
        { path: 'create', element: <Pages.AssessmentWizardPage mode="create" /> },
        { path: 'create/copy/:fromId', element: <Pages.AssessmentWizardPage mode="copy" /> },
        { path: 'edit/:id', element: <Pages.AssessmentWizardPage mode="edit" /> },
        {
          path: 'create_scorm',
          element: (
            <RequireCompanyFeature enabled={isCmi5Enabled}>
              <Pages.AssessmentWizardPage mode="scorm" />
            </RequireCompanyFeature>
          ),
        },
      ],
    },
    { path: ':ref/view', element: <Pages.AssessmentDetailPage /> },
    { path: ':ref/view/:tab', element: <Pages.AssessmentDetailPage /> },
    { path: ':ref/view/threatAreas/:threatAreaCode', element: <Pages.ThreatAreaPage /> },
    { path: '*', element: <Pages.AssessmentListPage tab="all" /> },
  ],
};

/**
 * Phishing simulations (issue 24): the campaign list, wizard and detail as every campaign kind has
 * them, and the area's templates, sending and reporting settings and reported real mails.
 */
const phishingRoutes: RouteObject = {
  path: 'phishing',
  element: <Pages.PhishingArea />,
  children: [
    { index: true, element: <Pages.PhishingListPage tab="all" /> },
    { path: 'active', element: <Pages.PhishingListPage tab="active" /> },
    { path: 'completed', element: <Pages.PhishingListPage tab="completed" /> },
    { path: 'draft', element: <Pages.PhishingListPage tab="draft" /> },
    { path: 'templates', element: <Pages.PhishingTemplatesPage /> },
    { path: 'reported', element: <Pages.PhishingReportedPage /> },
    {
      element: <RequireRole />,
      children: [
        { path: 'create', element: <Pages.PhishingWizardPage mode="create" /> },
        { path: 'create/copy/:fromId', element: <Pages.PhishingWizardPage mode="copy" /> },
        { path: 'edit/:id', element: <Pages.PhishingWizardPage mode="edit" /> },
        { path: 'templates/new', element: <Pages.PhishingTemplateEditorPage /> },
        { path: 'templates/:templateId/edit', element: <Pages.PhishingTemplateEditorPage /> },
        { path: 'settings', element: <Pages.PhishingSettingsPage /> },
      ],
    },
    { path: ':id/view', element: <Pages.PhishingDetailPage /> },
    { path: ':id/view/:tab', element: <Pages.PhishingDetailPage /> },
    { path: '*', element: <Pages.PhishingListPage tab="all" /> },
  ],
};

/** Spec 1 §2 Embed area: the videos, the views log and the configurator (the layout holds the access check). */
const ppvRoutes: RouteObject = {
  path: 'ppv',
  element: <Pages.PpvLayout />,
  children: [
    { index: true, element: <Pages.PpvVideosPage /> },
    { path: 'usage', element: <Pages.PpvUsagePage /> },
    { path: 'embed/:subjectId', element: <Pages.EmbedConfigPage /> },
  ],
};

/** /ppv-trial: what a PPV trial is for a visitor; a signed-in manager is taken to /ppv to start it. */
function PpvTrialRoute() {
  const token = useAuthToken();
  return token ? <Navigate to={PATHS.embed} replace /> : <Pages.PpvTrialPage />;
}

/** Spec 3 §2.2: the subject catalogue, which exists only when the company has training. */
const catalogRoutes: RouteObject = {
  path: 'catalog',
  element: (
    <RequireCompanyFeature enabled={isTrainingEnabled}>
      <Outlet />
    </RequireCompanyFeature>
  ),
  children: [
    { path: 'subject/:subjectId', element: <Pages.SubjectDetailPage /> },
    { path: ':category?', element: <Pages.CatalogPage /> },
  ],
};

/**
 * Spec 3 §2.3: the printable training reports, outside the shell so they print as pages of their own.
 * A `?token=` in the address signs the manager in first (see SignInWithQueryToken).
 */
const trainingReportRoutes: RouteObject = {
  element: <SignInWithQueryToken />,
  children: [
    {
      element: <RequireAuth />,
      children: [
        {
          path: ':companyId/training-report/:trainingId',
          element: <Pages.TrainingReportPage variant="summary" />,
        },
        {
          path: ':companyId/training-users-report/:trainingId',
          element: <Pages.TrainingReportPage variant="users" />,
        },
      ],
    },
  ],
};

/** Spec 3 §2.6: one partner account's area, for its partner admins and super-admins. */
const partnerRoutes: RouteObject = {
  path: 'partner/:partnerId',
  element: <RequirePartnerAccess />,
  children: [
    { index: true, element: <PartnerHomeRedirect /> },
    {
      element: <Pages.PartnerLayout />,
      children: [
        { path: 'companies', element: <Pages.PartnerCompaniesPage /> },
        { path: 'companies/new', element: <Pages.NewPartnerCompanyPage /> },
        { path: 'companies/:companyId', element: <Pages.PartnerCompanyPage /> },
        { path: 'payments', element: <Pages.PartnerPaymentsPage /> },
        { path: 'resources', element: <Pages.PartnerResourcesPage /> },
      ],
    },
  ],
};

const protectedRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    {
      element: <ShellLayout />,
      children: [
        // A tab the company hid shows 'Access denied' on its pages (spec 1 §2 Tab visibility).
        { element: <RequireMenuTab tab="users" />, children: [employeesRoutes] },
        settingsRoutes,
        {
          // A team manager has the employees only; every other page takes them there.
          element: <LimitTeamManager />,
          children: [
            {
              index: true,
              element: (
                <RequireMenuTab tab="dashboard">
                  <Pages.DashboardPage />
                </RequireMenuTab>
              ),
            },
            { path: 'admin/impersonations', element: <ImpersonationLogPage /> },
            ppvRoutes,
            // Spec 3 §2.7: /cmi5 only when the cmi5 feature is on, else Access denied.
            {
              path: 'cmi5',
              element: (
                <RequireCompanyFeature enabled={isCmi5Enabled} otherwise={<AccessDeniedPage />}>
                  <Pages.Cmi5Page />
                </RequireCompanyFeature>
              ),
            },
            { element: <RequireMenuTab tab="trainings" />, children: [trainingsRoutes] },
            { element: <RequireMenuTab tab="assessments" />, children: [assessmentRoutes] },
            { element: <RequireMenuTab tab="phishing" />, children: [phishingRoutes] },
            {
              element: <RequireMenuTab tab="content" />,
              children: [
                catalogRoutes,
                // Spec 3 §2.3: both addresses show the content browser.
                { path: 'content', element: <Pages.ContentBrowserPage /> },
                { path: 'resources', element: <Pages.ContentBrowserPage /> },
              ],
            },
            {
              element: <RequireMenuTab tab="help" />,
              children: [{ path: 'help', element: <Pages.HelpPage /> }],
            },
            {
              element: <RequireMenuTab tab="reports" />,
              children: [{ path: 'reports', element: <Pages.ReportsPage /> }],
            },
            { path: 'partner', element: <PartnerRedirect /> },
            partnerRoutes,
            { path: 'packages/:packageId/assign', element: <Pages.AssignPackagePage /> },
            { path: 'admin/partners', element: <Pages.AdminPartnersPage /> },
            // The old plan chooser (spec 3 §2.4) is the wizard now.
            { path: 'subscriptions/upgrade-old', element: <Navigate to={PATHS.upgrade} replace /> },
            {
              path: 'subscriptions/upgrade',
              element: (
                <RequireBillingAccess>
                  <UpgradeRoute />
                </RequireBillingAccess>
              ),
            },
          ],
        },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...publicRoutes,
      trainingReportRoutes,
      protectedRoutes,
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
