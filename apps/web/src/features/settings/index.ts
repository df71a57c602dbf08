export { CompanySettingsPage } from './pages/company-settings-page.tsx';
export { IntegrationPage } from './pages/integration-page.tsx';
export { ProfilePage } from './pages/profile-page.tsx';
export { SettingsSectionPage } from './pages/settings-section-page.tsx';
export { SettingsLayout } from './settings-layout.tsx';
export { ApiKeysPage } from './pages/api-keys-page.tsx';
export { AuditLogPage } from './pages/audit-log-page.tsx';
