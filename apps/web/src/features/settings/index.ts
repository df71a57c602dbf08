export { AdminsPage } from './pages/admins-page.tsx';
export { AppearancePage } from './pages/appearance-page.tsx';
export { CompanySettingsPage } from './pages/company-settings-page.tsx';
export { IntegrationPage } from './pages/integration-page.tsx';
export { ProfilePage } from './pages/profile-page.tsx';
export { SettingsSectionPage } from './pages/settings-section-page.tsx';
export { SettingsLayout } from './settings-layout.tsx';
