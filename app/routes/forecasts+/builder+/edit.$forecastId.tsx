// /forecasts/builder/edit/:forecastId?configuration=&region= — a draft on the canvas (spec §2, §4).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { canvasAction, canvasLoader } from "~/services/builderCanvas.server";
import { CanvasRoute } from "~/components/builder/CanvasPage";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Edit draft · Voltcast" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => canvasLoader(request, params.forecastId);
export const action = ({ request, params }: ActionFunctionArgs) => canvasAction(request, params.forecastId);

export default CanvasRoute;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
