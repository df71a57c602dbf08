/**
 * The company's managers as the Admins settings page shows and changes them (spec 1 §5 and spec 3 §5
 * "Admin form", spec 3 §7 "API keys and managers"), and the company logo's rules (spec 1 §5, §9).
 */
import { z } from 'zod';
import { LIMITS, ROLES } from './constants.ts';
import { MANAGER_MESSAGES } from './messages.ts';
import { hasNoControlCharacters, MESSAGES, workEmailField } from './validation.ts';

const role = z.union([z.literal(ROLES.admin), z.literal(ROLES.viewer)], { error: 'Choose a role' });

/** One manager of the company: a person who signs in to the manager app with a role in it. */
export const ManagerRow = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  /** Team manager (spec 1 §6): a viewer who may still change employees and lists. */
  manageUsers: z.boolean(),
  billingManager: z.boolean(),
  created: z.string(),
});
export type ManagerRow = z.infer<typeof ManagerRow>;

export const ManagersResponse = z.object({ managers: z.array(ManagerRow) });
export type ManagersResponse = z.infer<typeof ManagersResponse>;

/** POST /companies/{id}/managers: the admin form (name, email, role, sendWelcome). */
export const ManagerCreate = z.object({
  name: z
    .string({ error: MANAGER_MESSAGES.name })
    .trim()
    .min(1, MANAGER_MESSAGES.name)
    .max(LIMITS.nameMax, MANAGER_MESSAGES.name)
    .refine(hasNoControlCharacters, MESSAGES.controlCharacters),
  email: workEmailField(MANAGER_MESSAGES.email),
  role,
  manageUsers: z.boolean().default(false),
  sendWelcome: z.boolean().default(false),
});
export type ManagerCreate = z.input<typeof ManagerCreate>;

/** PUT /companies/{id}/managers/{userId}: the role and the team-manager permission. */
export const ManagerUpdate = z.object({ role, manageUsers: z.boolean() });
export type ManagerUpdate = z.input<typeof ManagerUpdate>;

/** POST /companies/{id}/set_billing_manager */
export const BillingManagerRequest = z.object({ userId: z.uuid() });

/** The company logo: a PNG of at most 80,000 bytes; 640 × 264 pixels is the hint, not a rule. */
export const LOGO = {
  type: 'image/png',
  maxBytes: LIMITS.logoMaxBytes,
  hintWidth: 640,
  hintHeight: 264,
} as const;

/** The logo upload's two messages of spec 1 §5. */
export const LOGO_MESSAGES = {
  unsupported: (type: string) => `'${type}' is not a supported format`,
  tooLarge: (file: string) => `'${file}' is too large, please pick a smaller file`,
} as const;
