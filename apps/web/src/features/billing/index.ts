export { SubscriptionSettingsPage } from './pages/subscription-settings-page.tsx';
export { UpgradePage } from './pages/upgrade-page.tsx';
