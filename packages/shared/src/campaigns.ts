/**
 * The campaign contract: what every campaign kind (training programs, assessments, next phishing
 * simulations) shares in its API shapes and pure rules — statuses, list tabs and their counts, names,
 * channels, reminder settings, derived permissions, the list answer and the page query. A kind's own
 * file (trainings.ts, assessments.ts) builds its schemas from these pieces and adds what is its own.
 */
import { z } from 'zod';
import { CHANNELS } from './constants.ts';
import { hasNoControlCharacters, MESSAGES } from './validation.ts';

/** A campaign's life (spec 2 §4): saved as a draft, scheduled to start, running, done. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_INFO: Record<CampaignStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  completed: { label: '✓ Completed', color: 'green' },
};

/** The list tabs of spec 2 §2; Active holds scheduled and active campaigns, Draft is for admins. */
export const CAMPAIGN_TABS = ['all', 'active', 'completed', 'draft'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];
export const CAMPAIGN_TAB_STATUSES: Record<CampaignTab, readonly CampaignStatus[]> = {
  all: CAMPAIGN_STATUSES,
  active: ['scheduled', 'active'],
  completed: ['completed'],
  draft: ['draft'],
};

/** The texts every kind answers with in the same words. */
export const CAMPAIGN_MESSAGES = {
  oneChannel: 'At least one channel needs to be selected',
  noLicense: 'No license available',
  needsLists: 'Select at least one employee list.',
  needsEmployees: 'The selected employee lists have no employees.',
  remindersInvalid: 'Reminders need at least one step and a channel.',
  unknownList: 'Employee list not found.',
  unknownTemplate: 'Template not found.',
  scormNotEnabled: 'SCORM packages are not enabled for this company.',
  previewSent: 'Preview sent successfully.',
  noEmployeesToRemind: 'There are no employees to be reminded.',
  recentReminder: 'There was a reminder sent in the last 24h. Are you sure you want to send it again?',
  integrationConfigure: (channel: string) => `Please configure ${channel} under Settings/Integrations.`,
} as const;

/** What the server derives from a campaign's state and the manager's role (spec 2 §4). */
export const CampaignPermissions = {
  canEdit: z.boolean(),
  canCopy: z.boolean(),
  canStop: z.boolean(),
  canPause: z.boolean(),
  canRemind: z.boolean(),
  canDelete: z.boolean(),
};
export type CampaignPermission = keyof typeof CampaignPermissions;
export type CampaignPermissionSet = Record<CampaignPermission, boolean>;

/**
 * A kind's permission rules: for each permission, when the campaign's state allows it. Only admins act
 * on campaigns, so every permission is also the admin's alone; a viewer may do nothing.
 */
export type CampaignPermissionRules<State> = Record<CampaignPermission, (state: State) => boolean>;

export function campaignPermissions<State>(
  rules: CampaignPermissionRules<State>,
): (state: State & { isAdmin: boolean }) => CampaignPermissionSet {
  return (state) => {
    const can = {} as CampaignPermissionSet;
    for (const permission of Object.keys(rules) as CampaignPermission[])
      can[permission] = state.isAdmin && rules[permission](state);
    return can;
  };
}

/** A manager's reminder is refused without the repeat confirmation within this many hours of the last. */
export const RECENT_REMINDER_HOURS = 24;

export const StatusInfo = z.object({ label: z.string(), color: z.string() });

/** The list tabs' counts; the Draft tab is for admins, so viewers get 0 there. */
export const TabCounts = z.object({
  all: z.number(),
  active: z.number(),
  completed: z.number(),
  draft: z.number(),
});
export type TabCounts = z.infer<typeof TabCounts>;
export const tabCountsFor = (counts: TabCounts, isAdmin: boolean): TabCounts => ({
  all: counts.all,
  active: counts.active,
  completed: counts.completed,
  draft: isAdmin ? counts.draft : 0,
});

/** A page of a server-paged table: p from 1, n rows (spec 2 §9: 10 by default). */
export const pageQuery = (pageSize: number) => ({
  p: z.coerce.number().int().min(1).max(100_000).default(1),
  n: z.coerce.number().int().min(1).max(100).default(pageSize),
});

/** A list page's answer: one page of rows, the shown tab's total, every tab's count. */
export const campaignListResponse = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), total: z.number(), counts: TabCounts });

/** The latest-campaigns menu's fields of a kind's row (`Row.pick(LATEST_FIELDS)`). */
export const LATEST_FIELDS = { id: true, name: true, status: true, statusInfo: true, isScorm: true } as const;

/** The lists a campaign reaches, as its detail shows them. */
export const CampaignAudienceView = {
  lists: z.array(z.object({ id: z.string(), name: z.string(), usersCount: z.number() })),
  selectedUserListsIds: z.array(z.string()),
  selectedUserCount: z.number(),
};

/** An employee's line in a campaign's employees table (a kind adds its scores). */
export const CampaignEmployee = {
  email: z.string(),
  name: z.string(),
  listName: z.string(),
  completedDate: z.string().nullable(),
  started: z.boolean(),
};

/** Strips HTML tags and non-breaking spaces from a campaign name and trims it (spec 2 §5 Names). */
export function cleanCampaignName(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The names a kind gives an unnamed campaign; each is no more a name than an empty one. */
export const UNTITLED_NAMES = [
  'Untitled Training',
  'Untitled Assessment',
  'Untitled Phishing Simulation',
] as const;

/**
 * Empty or an untitled default, in any letter case, forces the naming prompt before a campaign is
 * started: "untitled training" is no more a name than "Untitled Training".
 */
export function isUntitledName(value: string): boolean {
  const name = cleanCampaignName(value).toLowerCase();
  return name === '' || UNTITLED_NAMES.some((untitled) => untitled.toLowerCase() === name);
}

/** Truncates a name for a table cell, with an ellipsis. */
export function truncate(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}

/** A save's name: cleaned, at most `max` characters, no control characters; blank becomes `untitled`. */
export const campaignName = (untitled: string, max: number) =>
  z
    .string()
    .max(1000)
    .transform(cleanCampaignName)
    .pipe(
      z
        .string()
        .max(max, `A name has at most ${max} characters.`)
        .refine(hasNoControlCharacters, MESSAGES.controlCharacters),
    )
    .transform((name) => name || untitled);

/** The channels a send goes out on, as a bit mask of CHANNELS: at least one. */
export const channelMask = z
  .number()
  .int()
  .min(1, CAMPAIGN_MESSAGES.oneChannel)
  .max(CHANNELS.email | CHANNELS.slack | CHANNELS.teams);

/** The reminder settings of a save: their channel and at most `max` steps of the kind's shape. */
export const remindersSettings = <Step extends z.ZodType>(step: Step, max: number, tooMany: string) =>
  z.object({ channel: channelMask, steps: z.array(step).max(max, tooMany) });
