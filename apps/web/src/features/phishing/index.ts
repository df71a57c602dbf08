export { PhishingArea } from './components/phishing-area.tsx';
export { PhishingListPage } from './list/phishing-list-page.tsx';
export { PhishingWizardPage } from './wizard/phishing-wizard-page.tsx';
export { PhishingDetailPage } from './detail/phishing-detail-page.tsx';
export { PhishingTemplatesPage } from './templates/templates-page.tsx';
export { PhishingTemplateEditorPage } from './templates/template-editor-page.tsx';
export { PhishingSettingsPage } from './settings/phishing-settings-page.tsx';
export { PhishingReportedPage } from './reported/reported-page.tsx';
