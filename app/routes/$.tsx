// Any URL no route claims: a real 404 with the not-found page.
import { NotFoundPage } from "~/components/ErrorBoundary";

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
