/** `/dashboard/security` — MFA set-up (spec 000 §2 staff and security routes; authenticated-only via _auth). */
import { createFileRoute } from '@tanstack/react-router';
import { MfaSetupPage } from '../../../features/session/SecurityPages';

export const Route = createFileRoute('/_auth/dashboard/security/')({
  component: MfaSetupPage,
});
