export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { VerificationPage } from './verification-page';
