/** Catch-all not-found page with a 'back to dashboard' button (spec 000 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../ui/ErrorPage';

export const Route = createFileRoute('/$')({
  component: NotFoundPage,
});
