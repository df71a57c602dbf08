/** The app's routes, written with the trailing slash every path gets (spec 1 §2). */
export const PATHS = {
  home: '/',
  signIn: '/auth/signin/',
  signUp: '/auth/signup/',
  checkEmail: '/auth/check-email/',
  emailError: '/auth/error/email/',
  trainings: '/trainings/',
  assessments: '/assessment/',
  /** Phishing simulations, their templates, report button and reported mails. */
  phishing: '/phishing/',
  users: '/users/',
  reports: '/reports/',
  content: '/content/',
  catalog: '/catalog/',
  help: '/help/',
  embed: '/ppv/',
  /** The cmi5 package admin, when the cmi5 feature is on (spec 3 §2.7). */
  cmi5: '/cmi5/',
  settings: '/settings/',
  settingsSubscriptions: '/settings/subscriptions/',
  upgrade: '/subscriptions/upgrade/',
  settingsIntegrations: '/settings/integrations/',
  /** The learner app, served beside this one. */
  employeeView: '/learn/',
  partner: '/partner/',
  /** The audit of impersonations, for super-admins. */
  impersonationLog: '/admin/impersonations/',
  partnerCompanies: (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}/companies/`,
  partnerCompany: (partnerId: string, companyId: string) =>
    `/partner/${encodeURIComponent(partnerId)}/companies/${encodeURIComponent(companyId)}/`,
  partnerNewCompany: (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}/companies/new/`,
  partnerPayments: (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}/payments/`,
  partnerResources: (partnerId: string) => `/partner/${encodeURIComponent(partnerId)}/resources/`,
  /** Reached after a credit package was assigned (spec 1 §2). */
  packageAssigned: '/manager/',
  assignPackage: (packageId: string) => `/packages/${encodeURIComponent(packageId)}/assign/`,
  /** The super-admin's partner accounts and companies. */
  adminPartners: '/admin/partners/',
} as const;

/** The sign-in page that brings the manager back to `redirect` afterwards. */
export function signInPath(redirect?: string): string {
  return redirect && redirect !== '/'
    ? `${PATHS.signIn}?redirect=${encodeURIComponent(redirect)}`
    : PATHS.signIn;
}

/** Adds the trailing slash every path gets; other parts of the URL are kept. */
export function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/** Only http(s) links may leave the app (custom help links come from company settings). */
export function isExternalHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
