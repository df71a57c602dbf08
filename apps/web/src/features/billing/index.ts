export { SubscriptionSettingsPage } from './pages/subscription-settings-page.tsx';
export { UpgradePage } from './pages/upgrade-page.tsx';
export { PaymentFailedBanner } from './components/payment-failed-banner.tsx';
export { BlockingDialog, type Blocked } from './components/blocking-dialog.tsx';
export { CardPayment, type CardPaymentProps } from './components/card-payment.tsx';
export { usePaymentToken, setupCard, confirmTestCard } from './api/billing.ts';
