/** `/complete-profile` — first and last name after joining (spec 000 §2; authenticated-only via _auth). */
import { createFileRoute } from '@tanstack/react-router';
import { CompleteProfilePage } from '../../features/session/CompleteProfilePage';

export const Route = createFileRoute('/_auth/complete-profile')({
  component: CompleteProfilePage,
});
