import { PATHS } from '../../lib/paths.ts';
import { campaignPaths } from '../../lib/campaign-rules.ts';

const root = PATHS.phishing;
const id = (value: string) => encodeURIComponent(value);

/** The tabs of the phishing campaign list, as the other campaign kinds have them. */
export type PhishingListTab = 'all' | 'active' | 'completed' | 'draft';

/** The tabs of a phishing campaign's detail page. */
export const PHISHING_DETAIL_TABS = ['results', 'employees', 'deliveries'] as const;
export type PhishingDetailTab = (typeof PHISHING_DETAIL_TABS)[number];

const campaigns = campaignPaths<PhishingListTab>(root);

/**
 * The phishing area's routes, with the trailing slash every path gets: the campaign list, wizard and
 * detail as every campaign kind has them, and the area's own pages (templates, sending and reporting
 * settings, reported real mails).
 */
export const PHISHING_PATHS = {
  ...campaigns,
  view: (campaign: { id: string }, tab: PhishingDetailTab = 'results') =>
    tab === 'results' ? `${root}${id(campaign.id)}/view/` : `${root}${id(campaign.id)}/view/${tab}/`,
  templates: `${root}templates/`,
  newTemplate: `${root}templates/new/`,
  editTemplate: (templateId: string) => `${root}templates/${id(templateId)}/edit/`,
  settings: `${root}settings/`,
  reported: `${root}reported/`,
} as const;

/** Where a row opens: a draft in the edit wizard for admins, anything else in the detail. */
export function phishingOpenPath(campaign: { id: string; status: string }, isAdmin: boolean): string {
  return campaign.status === 'draft' && isAdmin
    ? PHISHING_PATHS.edit(campaign.id)
    : PHISHING_PATHS.view(campaign);
}

/** A detail tab from the address; anything else is the results tab. */
export function parseDetailTab(tab: string | undefined): PhishingDetailTab {
  return (PHISHING_DETAIL_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as PhishingDetailTab)
    : 'results';
}
