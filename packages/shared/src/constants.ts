/** Constants named as the specification names them. Defined once, used by server and clients. */

export const ROLES = { admin: 1, viewer: 2 } as const;
export type RoleCode = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_NAMES: Record<RoleCode, 'admin' | 'viewer'> = { 1: 'admin', 2: 'viewer' };

/**
 * What a membership allows beyond its role: manageUsers makes a viewer a team manager; billing is the
 * company's billing manager (Settings → Admins), who may open the subscription pages and buy.
 */
export const PERMISSIONS = { manageUsers: 'manageUsers', billing: 'billing' } as const;
export type Permission = keyof typeof PERMISSIONS;

export const CHANNELS = { email: 1, slack: 2, teams: 4 } as const;

export const EVENT_CODES = {
  LOGIN: 1,
  LOGOUT: 2,
  SUBJECT_OPEN: 3,
  SUBJECT_CLOSE: 4,
  ANSWARE_CORRECT: 5,
  ANSWARE_INCORRECT: 6,
  VIDEO_START: 7,
  VIDEO_25: 8,
  VIDEO_50: 9,
  VIDEO_75: 10,
  VIDEO_95: 11,
  VIDEO_100: 12,
  CAMPAIGN_EMAIL: 13,
  NOTIFICATION_LINK: 14,
  DECISION: 16,
  LAST_DECISION: 17,
} as const;

export const THEMES = { dark: 1, light: 2 } as const;

export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_COLORS = { primary: '#2f9e44', secondary: '#e03131' } as const;

export const LIMITS = {
  emailMax: 100,
  nameMax: 100,
  unitMax: 50,
  companyNameMin: 4,
  companyNameMax: 150,
  newCompanyNameMin: 3,
  logoMaxBytes: 80_000,
  navigationHistory: 10,
  eventNameCut: 28,
  tableNameCut: 35,
  dashboardListItems: 3,
  desktopBreakpointPx: 1200,
  calendarListMaxHeight: 304,
} as const;

export const TIMINGS = {
  messageDisplayMs: 5000,
  queryNoticeMs: 7000,
  retryCapMs: 240_000,
  userLoadRetries: 10,
  userLoadBaseMs: 1500,
  localeRetries: 10,
  localeBaseMs: 1500,
  storeRetryBaseMs: 1000,
} as const;

/** Sign-in links: single use, short-lived, 256 bits of randomness. */
export const SIGNIN_TOKEN = { ttlMinutes: 10, bytes: 32 } as const;
/** Manager sessions expire after this many days without use. */
export const SESSION_TTL_DAYS = 30;
/** An impersonation session ends this many minutes after it started, however much it is used. */
export const IMPERSONATION_TTL_MINUTES = 60;

/**
 * Browser storage keys of the manager app (spec 1 §4); `impersonatorToken` keeps the super-admin's
 * own session while they act as someone else, since only that session can end the impersonation.
 */
export const STORAGE_KEYS = {
  token: 'token',
  companyId: 'companyId',
  language: 'language',
  impersonatorToken: 'impersonatorToken',
} as const;

/** Headers every client call carries (spec 1 §7). */
export const CLIENT_HEADERS = {
  requestId: 'x-request-id',
  appVersion: 'x-app-version',
  accountDomain: 'x-account-domain',
  clientLocation: 'x-client-location',
  companyId: 'x-company-id',
} as const;

export const SCORE_BANDS = [
  { from: 0, to: 24, title: 'Very risky', color: 'red' },
  { from: 25, to: 49, title: 'Risky', color: 'orange' },
  { from: 50, to: 74, title: 'Fair', color: 'yellow' },
  { from: 75, to: 89, title: 'Very good', color: 'lime' },
  { from: 90, to: 100, title: 'Excellent', color: 'green' },
] as const;

/** Codes of the top-menu tabs; `ui.menu_hide_{code}_tab` hides one. */
export const MENU_TABS = [
  'dashboard',
  'trainings',
  'assessments',
  'phishing',
  'users',
  'reports',
  'content',
  'help',
] as const;
export type MenuTab = (typeof MENU_TABS)[number];

/** Languages offered to managers and employees (GET /languages/all). */
export const LANGUAGES = [
  { code: 'en', english_name: 'English' },
  { code: 'en-GB', english_name: 'English UK' },
  { code: 'de', english_name: 'German' },
  { code: 'fr', english_name: 'French' },
  { code: 'es', english_name: 'Spanish' },
  { code: 'it', english_name: 'Italian' },
  { code: 'da', english_name: 'Danish' },
  { code: 'nb', english_name: 'Norwegian' },
  { code: 'sv', english_name: 'Swedish' },
  { code: 'is', english_name: 'Icelandic' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LOCALE_NAMESPACES = ['common', 'learner'] as const;

/**
 * The largest employee file accepted, the most lines one import may carry, and the longest line read
 * as an employee (email, name, unit and tags fit in far less); a longer line is a line error.
 */
export const IMPORT_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRecords: 200_000,
  maxLineLength: 2000,
} as const;

/** Video marks by event code (here, apart from the learner schemas, so a player-only bundle stays small). */
export const VIDEO_MARKS: Record<number, number> = { 7: 0, 8: 25, 9: 50, 10: 75, 11: 95, 12: 100 };
/**
 * A video counts as watched from this mark (the learner app unlocks the quiz there). The finished rule
 * that uses it lives in SQL (subject_finished, migration 0012), tied to this value by a test.
 */
export const VIDEO_WATCHED_PERCENT = 95;

export const EMAIL_SETTINGS_LIMITS = { textMax: 2000 } as const;
