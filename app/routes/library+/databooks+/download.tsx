// Download of the selected databooks as one zip (a resource route: its answer is the file itself).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DATABOOKS, downloadTab, downloadTabByGet } from "../__worldviews.server";

// GET with ids: the zip (asked for by the tab's page after a form post without JavaScript).
export const loader = ({ request }: LoaderFunctionArgs) => downloadTabByGet(DATABOOKS, request);
export const action = ({ request }: ActionFunctionArgs) => downloadTab(DATABOOKS, request);
