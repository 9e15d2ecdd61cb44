// Download of the selected databooks as one zip (a resource route: its answer is the file itself).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { DATABOOKS, downloadTab } from "./__worldviews.server";

export const loader = () => redirect(DATABOOKS.page);
export const action = ({ request }: ActionFunctionArgs) => downloadTab(DATABOOKS, request);
