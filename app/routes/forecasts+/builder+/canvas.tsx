// /forecasts/builder/canvas?configuration=&region=&f=&drawer= — the modelling canvas (spec §2).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { canvasAction, canvasLoader } from "~/services/builderCanvas.server";
import { CanvasRoute } from "~/components/builder/CanvasPage";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Forecast canvas · Voltcast" }];

export const loader = ({ request }: LoaderFunctionArgs) => canvasLoader(request);
export const action = ({ request }: ActionFunctionArgs) => canvasAction(request);

export default CanvasRoute;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
