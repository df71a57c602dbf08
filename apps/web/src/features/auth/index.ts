export { CheckEmailPage } from './pages/check-email-page.tsx';
export { EmailErrorPage } from './pages/email-error-page.tsx';
export { PpvTrialPage } from './pages/ppv-trial-page.tsx';
export { SignInPage } from './pages/sign-in-page.tsx';
export { SignUpPage } from './pages/sign-up-page.tsx';
export { EmailTokenSignInPage, JwtTokenSignInPage } from './pages/token-sign-in-page.tsx';
export { TrialVerifyPage } from './pages/trial-verify-page.tsx';
