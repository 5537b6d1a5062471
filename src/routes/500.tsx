/** `/500`: internal server error page with a way back to /dashboard (spec 000 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { InternalErrorPage } from '../ui/ErrorPage';

export const Route = createFileRoute('/500')({
  component: InternalErrorPage,
});
