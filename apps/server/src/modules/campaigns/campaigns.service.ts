/**
 * What the campaign kinds and the learner module use of the core's data: the lists a campaign may
 * reach and the employees' learner links. The SQL stays private in campaigns.queries.ts.
 */
export {
  companyListsAmong,
  insertLearnerToken,
  insertLearnerTokensAcrossCompanies,
  learnersByTokens,
  touchLearnerTokens,
} from './campaigns.queries.ts';
