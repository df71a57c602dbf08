export { AssessmentsArea } from './components/assessments-area.tsx';
export { AssessmentListPage } from './list/assessment-list-page.tsx';
export { AssessmentWizardPage } from './wizard/assessment-wizard-page.tsx';
export { AssessmentDetailPage } from './detail/assessment-detail-page.tsx';
export { ThreatAreaPage } from './detail/threat-area-page.tsx';
export { useQuestions } from './api/assessments-api.ts';
