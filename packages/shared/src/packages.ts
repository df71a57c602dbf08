/**
 * SCORM 1.2, SCORM 2004 3rd Edition and cmi5 packages (spec 2 "SCORM/cmi5 variants", spec 3 §2.7, §3,
 * §7, §9): the download formats and variants, the manager's calls (the lists' SCORM tables, creating
 * and downloading a program's package, the /cmi5 admin) and the package runtime's calls (a launch from
 * an LMS opens a package session).
 *
 * A SCORM program is a training or an assessment saved with `isScorm: true` through the kind's own save
 * (trainings.ts / assessments.ts); this module adds only what a package needs.
 */
import { z } from 'zod';
import { CAMPAIGN_STATUSES, CampaignPermissions, StatusInfo } from './campaigns.ts';
import { PACKAGE_MESSAGES } from './messages.ts';

/** Spec 2 §9 / spec 3 §9: the download formats, default scorm2004. */
export const PACKAGE_FORMATS = ['scorm12', 'scorm2004', 'cmi5'] as const;
export type PackageFormat = (typeof PACKAGE_FORMATS)[number];
export const DEFAULT_PACKAGE_FORMAT: PackageFormat = 'scorm2004';
export const PACKAGE_FORMAT_LABELS: Record<PackageFormat, string> = {
  scorm12: 'SCORM 1.2',
  scorm2004: 'SCORM 2004 3rd Edition',
  cmi5: 'cmi5',
};

/**
 * The package variants (not in the spec; ours). A *dispatch* package is a small zip whose launch page
 * loads the content from our server with the package's key, so content updates, the licence and seat
 * counting stay with us and results reach both the LMS and our reports. A *self-contained* package
 * carries the content and its videos inside, for an LMS whose learners cannot reach us; its results
 * reach the LMS only. Dispatch is the default.
 */
export const PACKAGE_VARIANTS = ['dispatch', 'self-contained'] as const;
export type PackageVariant = (typeof PACKAGE_VARIANTS)[number];
export const DEFAULT_PACKAGE_VARIANT: PackageVariant = 'dispatch';
export const PACKAGE_VARIANT_LABELS: Record<PackageVariant, string> = {
  dispatch: 'Dispatch (content streamed from Vigil)',
  'self-contained': 'Self-contained (videos inside the package)',
};

/** What a package holds: a training program, an assessment or a cmi5 package of the /cmi5 admin. */
export const PACKAGE_KINDS = ['training', 'assessment', 'cmi5'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];

/** The query of every package download (a zip). */
export const PackageDownloadQuery = z.object({
  format: z.enum(PACKAGE_FORMATS).default(DEFAULT_PACKAGE_FORMAT),
  variant: z.enum(PACKAGE_VARIANTS).default(DEFAULT_PACKAGE_VARIANT),
});
export type PackageDownloadQuery = z.input<typeof PackageDownloadQuery>;

/** Limits (not in the spec; ours). */
export const PACKAGE_LIMITS = {
  nameMax: 150,
  textMax: 2_000,
  unitsMax: 20,
  questionsPerUnitMax: 50,
  pageSize: 10,
  /** Suspend data kept per learner (SCORM 1.2 allows 4,096 characters; we keep within it). */
  suspendDataMax: 4_096,
  learnerIdMax: 255,
  learnerNameMax: 255,
  /** A package session lives this long after its last call. */
  sessionHours: 12,
  /** The SCORM frame of spec 3 §9. */
  frameWidth: 800,
  frameHeight: 600,
} as const;

// —— The manager's calls ——————————————————————————————————————————————————————————————————————

/**
 * The manager's routes (under /api). Downloads answer `application/zip` with a
 * Content-Disposition file name; a company admin or viewer may download, only admins create or delete.
 */
export const PACKAGE_ROUTES = {
  /** GET: the training list's SCORM table (PackageListQuery → ScormTrainingListResponse). */
  scormTrainings: (companyId: string) => `/companies/${companyId}/automations/scorm`,
  /** GET ?format&variant: the program's package zip. */
  trainingPackage: (companyId: string, trainingId: string) =>
    `/companies/${companyId}/automations/${trainingId}/package`,
  /** POST {format, variant}: the wizard's create-package action (PackageCreateRequest → PackageInfo). */
  createTrainingPackage: (companyId: string, trainingId: string) =>
    `/companies/${companyId}/automations/${trainingId}/package`,
  /** GET: the assessment list's SCORM table (PackageListQuery → ScormAssessmentListResponse). */
  scormAssessments: (companyId: string) => `/companies/${companyId}/assessments/scorm`,
  assessmentPackage: (companyId: string, assessmentId: string) =>
    `/companies/${companyId}/assessments/${assessmentId}/package`,
  createAssessmentPackage: (companyId: string, assessmentId: string) =>
    `/companies/${companyId}/assessments/${assessmentId}/package`,
  /** GET list (PackageListQuery → Cmi5ListResponse), POST create (Cmi5Create → Cmi5Package). */
  cmi5: (companyId: string) => `/companies/${companyId}/cmi5`,
  /** GET one (Cmi5Package), DELETE (Done). */
  cmi5One: (companyId: string, packageId: string) => `/companies/${companyId}/cmi5/${packageId}`,
  /** GET ?format&variant: the cmi5 package's zip. */
  cmi5Download: (companyId: string, packageId: string) =>
    `/companies/${companyId}/cmi5/${packageId}/download`,
} as const;

export const PackageListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  p: z.coerce.number().int().min(1).default(1),
  n: z.coerce.number().int().min(1).max(100).default(PACKAGE_LIMITS.pageSize),
});
export type PackageListQuery = z.input<typeof PackageListQuery>;

/** The wizard's create-package action: which zip the success screen offers first. */
export const PackageCreateRequest = z.object({
  format: z.enum(PACKAGE_FORMATS).default(DEFAULT_PACKAGE_FORMAT),
  variant: z.enum(PACKAGE_VARIANTS).default(DEFAULT_PACKAGE_VARIANT),
});
export type PackageCreateRequest = z.input<typeof PackageCreateRequest>;

/** A package as the manager sees it: its stable ids and where its zip is downloaded. */
export const PackageInfo = z.object({
  kind: z.enum(PACKAGE_KINDS),
  /** The program's (or cmi5 package's) id. */
  id: z.string(),
  /** Stable across downloads: the manifest identifier and the cmi5 course id derive from it. */
  uniqueId: z.string(),
  name: z.string(),
  format: z.enum(PACKAGE_FORMATS),
  variant: z.enum(PACKAGE_VARIANTS),
  /** The API path of the zip for this format and variant (GET, the manager's session). */
  downloadPath: z.string(),
  fileName: z.string(),
});
export type PackageInfo = z.infer<typeof PackageInfo>;

/** What both SCORM tables show of a package's learners (launches from LMSs). */
const PackageFigures = {
  /** Learners who launched the package from an LMS. */
  learners: z.number(),
  /** Learners who completed it. */
  completed: z.number(),
  /** Completed ÷ learners, percent; null before any launch. */
  completion: z.number().nullable(),
  /** Quiz score (trainings) or resilience score (assessments), average percent; null before any. */
  score: z.number().nullable(),
};

/** A row of the training list's SCORM table (Training, Created, Completion, Score). */
export const ScormTrainingRow = z.object({
  id: z.string(),
  uniqueId: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusInfo: StatusInfo,
  subjectsNames: z.array(z.string()),
  created: z.string(),
  ...PackageFigures,
  ...CampaignPermissions,
});
export type ScormTrainingRow = z.infer<typeof ScormTrainingRow>;
export const ScormTrainingListResponse = z.object({ rows: z.array(ScormTrainingRow), total: z.number() });
export type ScormTrainingListResponse = z.infer<typeof ScormTrainingListResponse>;

/** A row of the assessment list's SCORM table (spec 2: Assessment, Created, Completion, Score). */
export const ScormAssessmentRow = z.object({
  id: z.string(),
  uniqueId: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  statusInfo: StatusInfo,
  questionsCount: z.number(),
  created: z.string(),
  ...PackageFigures,
  ...CampaignPermissions,
});
export type ScormAssessmentRow = z.infer<typeof ScormAssessmentRow>;
export const ScormAssessmentListResponse = z.object({ rows: z.array(ScormAssessmentRow), total: z.number() });
export type ScormAssessmentListResponse = z.infer<typeof ScormAssessmentListResponse>;

// —— The /cmi5 admin (spec 3 §2.7, §3; spec 2 "Cmi5 package form") ——————————————————————————————————

/** One assignable unit of the create payload: a title, a description and assessment question ids. */
export const Cmi5UnitInput = z.object({
  auTitle: z.string().trim().max(PACKAGE_LIMITS.nameMax).default(''),
  auDescription: z.string().trim().max(PACKAGE_LIMITS.textMax).default(''),
  /** Question ids of the question catalogue (GET questions list). */
  questions: z
    .array(z.string().min(1).max(100))
    .min(1, PACKAGE_MESSAGES.questionsRequired)
    .max(PACKAGE_LIMITS.questionsPerUnitMax),
});
export type Cmi5UnitInput = z.input<typeof Cmi5UnitInput>;

/** The create payload of spec 3 §3: name required; the rest strings. */
export const Cmi5Create = z.object({
  name: z
    .string({ error: PACKAGE_MESSAGES.nameRequired })
    .trim()
    .min(1, PACKAGE_MESSAGES.nameRequired)
    .max(PACKAGE_LIMITS.nameMax),
  description: z.string().trim().max(PACKAGE_LIMITS.textMax).default(''),
  objective: z.string().trim().max(PACKAGE_LIMITS.nameMax).default(''),
  objectiveDescription: z.string().trim().max(PACKAGE_LIMITS.textMax).default(''),
  format: z.enum(PACKAGE_FORMATS).default(DEFAULT_PACKAGE_FORMAT),
  assignableUnits: z.array(Cmi5UnitInput).min(1, PACKAGE_MESSAGES.unitsRequired).max(PACKAGE_LIMITS.unitsMax),
});
export type Cmi5Create = z.input<typeof Cmi5Create>;
export type Cmi5CreateParsed = z.output<typeof Cmi5Create>;

export const Cmi5UnitView = z.object({
  /** Stable AU id (the cmi5.xml au id ends with it). */
  id: z.string(),
  auTitle: z.string(),
  auDescription: z.string(),
  questions: z.array(z.object({ id: z.string(), title: z.string() })),
});

/** The cmi5 package of spec 2 §3 / spec 3 §3: id, uniqueId, name, validTo, format, definition. */
export const Cmi5Package = z.object({
  id: z.string(),
  uniqueId: z.string(),
  name: z.string(),
  /** The company's licence end (the package stops launching after it); null when open-ended. */
  validTo: z.string().nullable(),
  format: z.enum(PACKAGE_FORMATS),
  created: z.string(),
  definition: z.object({
    description: z.string(),
    objective: z.string(),
    objectiveDescription: z.string(),
    assignableUnits: z.array(Cmi5UnitView),
  }),
  ...PackageFigures,
});
export type Cmi5Package = z.infer<typeof Cmi5Package>;
export const Cmi5ListResponse = z.object({ rows: z.array(Cmi5Package), total: z.number() });
export type Cmi5ListResponse = z.infer<typeof Cmi5ListResponse>;

// —— The package runtime (no manager session: the package key, then a session token) ——————————————

/**
 * The runtime's routes (under /api, no manager session). The launch page in the LMS posts the
 * package key and the LMS's learner to `sessions`; the answer's `contentUrl` opens our learner page
 * for package sessions (`/package#s=<token>`) in a frame, whose calls carry the session token in the
 * `x-package-session` header; the launch page reads `state` to relay status, score and suspend data
 * to the LMS.
 */
export const PACKAGE_RUNTIME_ROUTES = {
  sessions: '/package/sessions',
  /** GET: the session's status, score and suspend data (PackageState); PUT: suspend data. */
  state: '/package/session/state',
  /** GET: what the frame plays (PackageContent). */
  content: '/package/session/content',
  /** POST: a subject finished or a quiz answered (PackageProgress). */
  progress: '/package/session/progress',
  /** POST: an assessment question answered (PackageAnswer). */
  answer: '/package/session/answer',
} as const;
export const PACKAGE_SESSION_HEADER = 'x-package-session';

export const PackageSessionRequest = z.object({
  /** The per-package key the dispatch zip carries (launch.json). */
  key: z.string().min(10).max(300),
  format: z.enum(PACKAGE_FORMATS),
  /** cmi.core.student_id / cmi.learner_id / the cmi5 actor's account name or mbox. */
  learnerId: z.string().trim().min(1).max(PACKAGE_LIMITS.learnerIdMax),
  learnerName: z.string().trim().max(PACKAGE_LIMITS.learnerNameMax).default(''),
  /** The cmi5 AU id the LMS launched (cmi5 packages of the /cmi5 admin); absent for SCORM. */
  unitId: z.string().max(100).optional(),
  /** What the LMS kept (cmi.suspend_data), so a relaunch resumes where it left. */
  suspendData: z.string().max(PACKAGE_LIMITS.suspendDataMax).default(''),
});
export type PackageSessionRequest = z.input<typeof PackageSessionRequest>;

export const PackageSessionResponse = z.object({
  /** Sent as `x-package-session`; stored hashed. */
  token: z.string(),
  contentUrl: z.string(),
  expiresAt: z.string(),
});
export type PackageSessionResponse = z.infer<typeof PackageSessionResponse>;

/** What the launch page relays to the LMS. */
export const PackageState = z.object({
  completion: z.enum(['not attempted', 'incomplete', 'completed']),
  success: z.enum(['unknown', 'passed', 'failed']),
  /** 0–100: quiz score (trainings) or resilience score (assessments); null before any. */
  score: z.number().min(0).max(100).nullable(),
  /** 0–100: the mastery score the success status is judged by. */
  masteryScore: z.number().min(0).max(100),
  suspendData: z.string(),
  finished: z.boolean(),
});
export type PackageState = z.infer<typeof PackageState>;

export const PackageSuspendData = z.object({ suspendData: z.string().max(PACKAGE_LIMITS.suspendDataMax) });

/** Mastery score for success status: passed at or above it (not in the spec; ours). */
export const PACKAGE_MASTERY_SCORE = 80;

/** SCORM 1.2 time: HHHH:MM:SS (whole seconds). */
export function scorm12Time(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = String(Math.floor(s / 3600)).padStart(4, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
}

/** SCORM 2004 / xAPI duration: ISO 8601 (PT1H2M3S). */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60}S`;
}

/** The zip's file name: the name made safe, the format, `.zip`. */
export function packageFileName(name: string, format: PackageFormat): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'package';
  return `${base}-${format}.zip`;
}
