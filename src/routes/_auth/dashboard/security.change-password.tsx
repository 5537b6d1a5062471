/** `/dashboard/security/change-password` (spec 000 §2; authenticated-only via _auth). */
import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../../features/session/SecurityPages';

export const Route = createFileRoute('/_auth/dashboard/security/change-password')({
  component: ChangePasswordPage,
});
