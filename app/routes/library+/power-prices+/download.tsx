// Download of the selected power prices as one zip (a resource route: its answer is the file itself).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { POWER_PRICES, downloadTab, downloadTabByGet } from "../__worldviews.server";

// GET with ids: the zip (asked for by the tab's page after a form post without JavaScript).
export const loader = ({ request }: LoaderFunctionArgs) => downloadTabByGet(POWER_PRICES, request);
export const action = ({ request }: ActionFunctionArgs) => downloadTab(POWER_PRICES, request);
