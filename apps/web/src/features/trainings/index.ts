export { TrainingsArea } from './components/trainings-area.tsx';
export { TrainingDetailPage } from './detail/training-detail-page.tsx';
export { TrainingEmployeePage } from './detail/training-employee-page.tsx';
export { TrainingListPage } from './list/training-list-page.tsx';
export { TrainingWizardPage } from './wizard/training-wizard-page.tsx';
export { TrainingReportPage } from './report/training-report-page.tsx';
export { newTrainingWith, type StartSubject } from './training-paths.ts';
