/**
 * What the campaign kinds and the learner module use of the core's data: a kind's campaign row and
 * lists (over the kind's tables), the lists a campaign may reach and the employees' learner links.
 * The SQL stays private in campaigns.queries.ts.
 */
export {
  audienceSize,
  campaignRow,
  companyListsAmong,
  deleteCampaign,
  insertCampaign,
  updateCampaign,
  firstEventOf,
  insertSentDelivery,
  latestCampaigns,
  listsOfCampaign,
  replaceCampaignLists,
  type CampaignListsTable,
  type CampaignTable,
  insertLearnerToken,
  insertLearnerTokensAcrossCompanies,
  learnersByTokens,
  touchLearnerTokens,
} from './campaigns.queries.ts';
