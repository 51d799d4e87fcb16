import { Navigate, Route, Routes } from 'shared-ui/router';
import { NotFoundPage } from 'shared-ui';
import { LoginPage } from './features/login/LoginPage';
import { ForgotPasswordPage } from './features/password-reset/ForgotPasswordPage';
import { ResetPasswordPage } from './features/password-reset/ResetPasswordPage';
import { SignupPage } from './features/signup/SignupPage';
import { VerifyOtpPage } from './features/verify-otp/VerifyOtpPage';

/**
 * The /auth route tree (paths relative to /auth), rendered by the shell inside its auth layout,
 * which already draws the brand panel, the top-bar prompt, the theme toggle and the decoration.
 */
export default function AuthApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="login" replace />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="verify-otp" element={<VerifyOtpPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
