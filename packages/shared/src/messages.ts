/**
 * The fixed texts the server answers with and the manager app translates (spec texts, kept word for
 * word), by area. They live apart from the areas' schemas so that a client showing one of them does not
 * build every schema of the area when it starts: the manager app's first load imports these and only
 * the few schemas it parses (the package has no side effects, so an unused area is left out).
 */
import { CAMPAIGN_MESSAGES } from './campaigns.ts';
import { EMAIL_SETTINGS_LIMITS, IMPORT_LIMITS } from './constants.ts';
import { MESSAGES } from './validation.ts';

export const IMPORT_ERRORS = {
  emailInvalid: 'Email not valid',
  emailTooLong: 'Email can not be more than 100 characters',
  nameTooLong: 'Name can not be more than 100 characters',
  unitTooLong: 'Unit can not be more than 50 characters',
  noDataInLine: 'No data found in line',
  lineTooLong: `Line can not be more than ${IMPORT_LIMITS.maxLineLength} characters`,
  noRows: 'No rows found',
  noData: 'No data entered',
  duplicate: 'Email appears earlier in the file',
  notText: 'The file is not a text file. Choose a .csv or .txt file.',
  tooLarge: 'The file is too large. Import at most 20 MB at a time.',
  controlCharacters: MESSAGES.controlCharacters,
} as const;

export const EMPLOYEE_MESSAGES = {
  limitReached: 'Employees limit reached.',
  trackingDisabled: 'Tracking users is disabled',
  noEmployees: 'No employees yet',
  noLists: 'No employee lists yet',
  noListSelected: 'No list selected',
  confirmRemoveList:
    'Are you sure you want to remove this list?  The list will also be removed from assigned training programs and assessments',
  confirmDeleteUser: 'Are you sure you want to delete this user from list?',
  listNamePlaceholder: 'e.g. Human Resources',
} as const;

export const CATALOG_MESSAGES = {
  noSubjects: 'No subjects found',
  tryAdjusting: 'Try adjusting the filters to find what you were looking for.',
  noMatch: 'No match',
  backToSubjects: 'Back to subjects',
  noteSaved: 'Note saved.',
  noteDeleted: 'Note deleted.',
  confirmDeleteNote: 'Are you sure you want to delete this note?',
  unavailable: 'This content is unavailable in your plan',
  contactToUpgrade: 'Contact to upgrade',
  upgradeNow: 'Upgrade now',
} as const;

export const MANAGER_MESSAGES = {
  name: 'Please enter name of the admin',
  email: 'Please enter a correct work email',
  lastAdmin: 'A company needs at least one admin. Make another manager an admin first.',
  alreadyManager: 'This person is already a manager of the company.',
  welcomeSent: 'Welcome email sent',
  loginLinkSent: 'Login link sent',
  added: 'Admin added',
  removed: 'Admin removed',
  saved: 'Changes saved',
} as const;

export const TRAINING_MESSAGES = {
  notFound: 'Training program not found :(',
  automationNotFound: 'Automation Not Found',
  cannotEdit: "You can't edit an already ongoing or completed training",
  draftSaved: 'Training draft saved!',
  updated: 'Training updated!',
  deleted: 'Training deleted!',
  stopped: 'Training stopped!',
  paused: 'Training paused!',
  testSent: 'Test email sent successfully',
  previewSent: CAMPAIGN_MESSAGES.previewSent,
  noLicense: CAMPAIGN_MESSAGES.noLicense,
  oneChannel: CAMPAIGN_MESSAGES.oneChannel,
  cannotStop: 'Only a scheduled program, or a running one with deliveries still to come, can be stopped.',
  cannotPause: 'Only a scheduled program can be paused.',
  cannotDelete: 'Only a draft or scheduled program can be deleted.',
  needsName: 'Give the training a name before starting it.',
  needsSubjects: 'Select at least one subject.',
  needsEmployees: CAMPAIGN_MESSAGES.needsEmployees,
  needsLists: CAMPAIGN_MESSAGES.needsLists,
  introEmpty: 'The intro message is enabled but empty.',
  remindersInvalid: CAMPAIGN_MESSAGES.remindersInvalid,
  unknownList: CAMPAIGN_MESSAGES.unknownList,
  unknownSubject: 'Subject not found.',
  unknownTemplate: CAMPAIGN_MESSAGES.unknownTemplate,
  eventBeforeStart: 'A delivery cannot be set before the schedule start date.',
  eventsMismatch: 'The deliveries must hold each selected subject exactly once.',
  previewNeedsRecipient: 'Enter at least one email address.',
  previewNeedsItems: 'Select what to send.',
  previewNeedsPeriod: 'Choose at least one period.',
  previewBadRecipient: (email: string) => `${email} is not a valid email address.`,
  unavailable: (n: number, m: number) =>
    `${n}/${m} of the selected subjects are unavailable in your subscription`,
  integrationUpgrade: (channel: string) => `Upgrade is needed for ${channel} integration.`,
  integrationConfigure: CAMPAIGN_MESSAGES.integrationConfigure,
} as const;

export const DELIVERY_MESSAGES = {
  reminderSent: 'Reminder sent.',
  remindersSent: 'Reminders sent!',
  remindersNotSent: 'Reminders were not sent!',
  noEmployees: CAMPAIGN_MESSAGES.noEmployeesToRemind,
  recentReminder: CAMPAIGN_MESSAGES.recentReminder,
  notRemindable: 'Reminders can be sent only while the training is active.',
  notDelivered: 'Nothing has been sent to this employee in this delivery yet.',
  employeeNotFound: 'Employee not found in this training.',
  tooManyRows: 'The PDF report holds up to 1000 employees; download the CSV instead.',
  employeesDeleted: 'Employees deleted.',
  nothingDeleted: 'None of these employees are in this training.',
  deleteNotAllowed:
    'Employees cannot be deleted here while tracking is anonymous or single sign-on is in use.',
} as const;

/** The partner area's texts (spec 3 §2.6, §5, §8; spec 1 §5, §8), word for word. */
export const PARTNER_MESSAGES = {
  // The company subscription form (spec 3 §5).
  companyNameRequired: 'Please enter name of the company',
  tierRequired: 'Please choose a tier',
  seatsRequired: 'Please enter number of seats',
  timespanRequired: 'Please select a timespan',
  /** Ours: the validTill date of a custom timespan is missing or past 2200-01-02. */
  validTillInvalid: 'Please choose a date',
  eternal: 'Eternal',
  custom: 'Custom',
  // Results (spec 3 §8).
  companyDeleted: 'Company deleted.',
  companyRenamed: 'Company renamed.',
  subscriptionUpdated: 'Subscription updated.',
  subscriptionDeactivated: 'Subscription deactivated.',
  /** Ours: the answer to reactivate (the spec names the action, not its message). */
  subscriptionReactivated: 'Subscription updated.',
  // Blocking dialogs (spec 3 §8), and what each asks.
  unableToDelete: 'Unable to delete company',
  unableToChangePlan: 'Unable to change your subscription plan',
  unableToChangeSeats: 'Unable to change number of seats',
  unableToMakeChanges: 'Unable to make changes',
  unableToDeactivate: 'Unable to deactivate subscription',
  stopCampaigns: (trainings: number, assessments: number) =>
    `Please stop the active campaigns first (${trainings} active training programs, ${assessments} active assessments).`,
  deleteEmployees: (n: number) => `Please delete ${n} employees first.`,
  removeSeats: (n: number) => `Please remove ${n} seats.`,
  /** Ours: the seats asked for are below the employees in use (spec 3 §5 'refused'). */
  seatsBelowInUse: (inUse: number) =>
    `The company has ${inUse} employees in use; choose at least ${inUse} seats or delete employees first.`,
  // The detail page (spec 3 §2.6).
  backToCompanies: 'Back to Companies',
  renameCompany: 'Rename company',
  goToDashboard: 'Go to dashboard',
  joinedLine: (date: string, employees: number, trainings: number, assessments: number) =>
    `Joined on ${date} · ${employees} employees · ${trainings} active training programs · ${assessments} active assessments`,
  payments: 'Payments',
  // The payment banner (spec 3 §2.6).
  paymentDue: 'Payment due',
  paymentFailed: 'Payment failed',
  payNow: 'Pay now',
  updatePaymentMethod: 'Update your payment method',
  /** Ours: collecting with nothing due. */
  nothingDue: 'Nothing is due.',
  /** Ours: collecting without a card on file. */
  noCard: 'Add a payment method first.',
  // Assign package (spec 1 §5, §8).
  assignNameTooShort: 'Company name must be at least three characters',
  assignNameTaken: 'You already have a company with this name',
  creditAssignFailed: 'Credit assign failed.',
  /** Ours: the reasons the server gives with 'Credit assign failed.'. */
  packageNotFound: 'This package is not available.',
  chooseCompany: 'Choose a company or enter the name of a new one.',
  csrfInvalid: 'The form has expired. Reload the page and try again.',
  // Partner plan limits (ours: spec 1 §4 says partner subscriptions restrict, not how it reads).
  notInPartnerPlan: (what: string) => `Your partner plan does not include ${what}.`,
  planNotOffered: 'This plan is not offered to your customers.',
  partnerNotFound: 'Partner account not found.',
  companyNotFound: 'Company not found.',
} as const;

/** Directory sync (spec 3 §8 and §4), word for word; the schemas are in directory.ts. */
export const DIRECTORY_MESSAGES = {
  connectionSuccessful: 'Connection successful',
  connectionFailed: (error: string) => `Connection failed: ${error}`,
  somethingWentWrong: 'Something went wrong',
  azureCantConnect:
    "Looks like we can't connect to Azure AD. Please try again and make sure you are using the right IDs.",
  showDetails: 'Show details',
  confirmRemoveGroup: 'Are you sure you want to remove this group from sync?',
  groupDeleted: 'Group deleted.',
  syncStarted: 'Sync Started Successful',
  syncFailed: (error: string) => `Sync failed: ${error}`,
  unlinked: 'Sync Unlinked Successful',
  unlinkFailed: (message: string) => `Unlink failed: ${message}`,
  backToOverview: 'Back to Integration overview',
  syncNow: 'Sync now',
  preview: 'Preview',
  live: 'Live',
  test: 'Test',
  failed: 'Failed',
  success: 'Success',
  /** Ours (the spec is silent): refusals the server answers with. */
  notConnected: 'Connect the directory first.',
  syncRunning: 'A sync is already running.',
  noGroups: 'Choose at least one group to sync.',
  seatsExceeded: (needed: number, free: number) =>
    `Employees limit reached. The sync would add ${needed} employees; ${free} seats are free. Nothing was changed.`,
} as const;

export const SSO_MESSAGES = {
  certRequired: 'Upload the certificate (Base64) of the single sign-on app',
  certInvalid: 'This is not a Base64 X.509 certificate',
  certFileType: 'Choose a .cer file',
  certFileEmpty: 'The file is empty',
  appNameRequired: 'Enter the Entity ID',
  domainInvalid: 'Enter the email domain, e.g. example.com',
  tenantInvalid: 'Enter the tenant ID or domain',
  domainTaken: 'Another company signs in with this email domain.',
  domainNotYours: 'The email domain must be the one of your own email address.',
  metadataRequired: 'Enter the metadata URL or paste the metadata XML',
  metadataInvalid: 'This metadata has no identity provider with a signing certificate and a sign-in URL',
  metadataUnreachable: 'The metadata could not be downloaded',
  notConfigured: 'Single sign-on is not configured.',
  noSso: 'No single sign-on is set up for this email.',
  failed: 'Single sign-on failed',
  notManager: 'This account is not a manager of the company.',
  notEmployee: 'This account is not an employee of the company.',
} as const;

/** Texts the package calls answer with (not in the spec; ours). */
export const PACKAGE_MESSAGES = {
  notScorm: 'This program is not a SCORM package.',
  notFound: 'Package not found.',
  cmi5NotFound: 'cmi5 package not found.',
  keyInvalid: 'This package is no longer available. Ask your administrator for a new download.',
  sessionExpired: 'This session has ended. Close the course and open it again.',
  notStarted: 'The package can be downloaded once the program is created.',
  selfContainedTrainingsOnly:
    'A self-contained package holds videos: it is made for training programs. Download assessments as dispatch packages.',
  nameRequired: 'Name is required',
  unitsRequired: 'Add at least one assignable unit',
  questionsRequired: 'Add at least one question to every unit',
} as const;

export const EMAIL_SETTINGS_MESSAGES = {
  tooLong: `A text can have at most ${EMAIL_SETTINGS_LIMITS.textMax} characters`,
  unknownVariable:
    'Use only the listed variables: employee_name, company, program and due_date, each in double braces',
  controlCharacters: 'Remove the invisible control characters from this text',
  noScript: 'Scripts, styles and frames are not allowed in mail texts',
} as const;
