// Download of the selected power prices as one zip (a resource route: its answer is the file itself).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { POWER_PRICES, downloadTab } from "./__worldviews.server";

export const loader = () => redirect(POWER_PRICES.page);
export const action = ({ request }: ActionFunctionArgs) => downloadTab(POWER_PRICES, request);
