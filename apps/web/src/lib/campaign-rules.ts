/*
 * The rules every campaign kind (training programs, assessments, the kinds to come) follows, free of
 * React so the kinds' own pure rules and their tests can use them; the campaign kit
 * (features/campaigns) re-exports them with its components.
 */

export type WizardAction = 'continue' | 'create' | 'activate' | 'update';

/** The main button: Continue, then Create (new), Activate (stored draft) or Update (stored non-draft). */
export function wizardAction(draft: {
  step: string;
  id: string | null;
  status: string | null;
}): WizardAction {
  if (draft.step !== 'finalize') return 'continue';
  if (draft.id === null || draft.status === null) return 'create';
  return draft.status === 'draft' ? 'activate' : 'update';
}

/** The step after (or before, with -1) `step` in a wizard's order of steps, if any. */
export function neighbourStep<S extends string>(steps: readonly S[], step: S, direction: 1 | -1): S | null {
  return steps[steps.indexOf(step) + direction] ?? null;
}

/** A channel box ticked or cleared; null when that would leave no channel (spec 2 §5 Channels). */
export function toggleChannel(mask: number, bit: number, checked: boolean): number | null {
  const next = checked ? mask | bit : mask & ~bit;
  return next === 0 ? null : next;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * A campaign area's routes under its root (spec 2 §2 Training routes, Assessment routes), with the
 * trailing slash every path gets: the list and its tabs, the wizard's create, copy and edit, the detail.
 */
export function campaignPaths<Tab extends string>(root: string) {
  return {
    list: root,
    tab: (tab: Tab) => (tab === 'all' ? root : `${root}${tab}/`),
    create: `${root}create/`,
    createScorm: `${root}create_scorm/`,
    copy: (fromId: string) => `${root}create/copy/${id(fromId)}/`,
    edit: (campaignId: string) => `${root}edit/${id(campaignId)}/`,
    /** The detail; a SCORM campaign's address carries a `p` before its id. */
    view: (campaign: { id: string; isScorm: boolean }) =>
      `${root}${campaign.isScorm ? 'p' : ''}${id(campaign.id)}/view/`,
  } as const;
}
