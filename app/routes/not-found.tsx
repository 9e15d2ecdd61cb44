// The named route `notFound` (spec §2): where missing drafts and unknown pages end.
import { json } from "@remix-run/node";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/ErrorBoundary";

export async function loader() {
  return json(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
