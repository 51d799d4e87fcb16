import { lazy, Suspense } from 'react';
import { NotFoundPage, Spinner } from 'shared-ui';
import { Navigate, Route, Routes } from 'shared-ui/router';

// One chunk per screen: a visitor opening the login page downloads only the login form.
const LoginPage = lazy(() =>
  import('./features/login/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('./features/signup/SignupPage').then((m) => ({ default: m.SignupPage })),
);
const VerifyOtpPage = lazy(() =>
  import('./features/verify-otp/VerifyOtpPage').then((m) => ({ default: m.VerifyOtpPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/password-reset/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/password-reset/ResetPasswordPage').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);

/**
 * The /auth route tree (paths relative to /auth), rendered by the shell inside its auth layout,
 * which already draws the brand panel, the top-bar prompt, the theme toggle and the decoration.
 */
export default function AuthApp() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<Navigate to="login" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="verify-otp" element={<VerifyOtpPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
