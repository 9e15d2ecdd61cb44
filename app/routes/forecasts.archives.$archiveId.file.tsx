// A finished zip archive of runs, passed on from the API (spec §7 zip-archives/{id}/file/).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { passOnFile, RUN_LIBRARY } from "~/services/runs.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = await passOnFile(
    request,
    `${RUN_LIBRARY}/zip-archives/${encodeURIComponent(params.archiveId!)}/file/`,
  );
  if (file.ok) return file.response;
  throw json(file.data?.detail ?? "This archive is not ready.", { status: file.status });
}
