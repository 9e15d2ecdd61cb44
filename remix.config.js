import { flatRoutes } from "remix-flat-routes";

// Routes are grouped by area in `+` folders (remix-flat-routes, decision 0044): `library+/backtest.tsx`
// is the flat route `library.backtest.tsx`, `_layout.tsx` is its folder's own route, and a `_name+`
// folder groups routes without adding to their URL. Remix's own convention is switched off
// (`**/*`) so that remix-flat-routes alone reads app/routes.
const notRoutes = ["**/.*", "**/__*", "**/*.test.{ts,tsx}"];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: notRoutes }),
  serverModuleFormat: "esm",
  serverDependenciesToBundle: ["styled-components"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
