import { Suspense } from 'react';
import { NotFoundPage, Spinner } from 'shared-ui';
import { lazyPage, Navigate, Route, Routes, useLocation } from 'shared-ui/router';

// One chunk per screen: a visitor opening the login page downloads only the login form.
const LoginPage = lazyPage(() => import('./features/login/LoginPage'), 'LoginPage');
const SignupPage = lazyPage(() => import('./features/signup/SignupPage'), 'SignupPage');
const VerifyOtpPage = lazyPage(
  () => import('./features/verify-otp/VerifyOtpPage'),
  'VerifyOtpPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('./features/password-reset/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const InvitationPage = lazyPage(
  () => import('./features/invitation/InvitationPage'),
  'InvitationPage',
);
const ProgramPage = lazyPage(() => import('./features/program/ProgramPage'), 'ProgramPage');
const AdvocateInvitationPage = lazyPage(
  () => import('./features/program/AdvocateInvitationPage'),
  'AdvocateInvitationPage',
);
const ResetPasswordPage = lazyPage(
  () => import('./features/password-reset/ResetPasswordPage'),
  'ResetPasswordPage',
);

/**
 * The /auth route tree (paths relative to /auth), rendered by the shell inside its auth layout,
 * which already draws the brand panel, the top-bar prompt, the theme toggle and the decoration.
 */
export default function AuthApp() {
  // The shell also mounts this area at /programs/* (a brand's public program page, outside the
  // auth layout): its route tree is then relative to /programs.
  const { pathname } = useLocation();
  if (pathname.startsWith('/programs/'))
    return (
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path=":slug" element={<ProgramPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    );
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route index element={<Navigate to="login" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="verify-otp" element={<VerifyOtpPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="invitation" element={<InvitationPage />} />
        <Route path="advocate-invitation" element={<AdvocateInvitationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
