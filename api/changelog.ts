// What changed in the API, newest first: shown in the description (and so in /api/v1/docs).
// Add an entry with each change an integrator would notice; the first entry's version is the API's.
export const API_CHANGELOG: { version: string; date: string; changes: string[] }[] = [
  {
    version: "1.5.0",
    date: "2026-11-29",
    changes: [
      "`servers` names this API absolutely (`VOLTCAST_PUBLIC_URL`, else the host you called), so a generated client needs no base URL.",
      "Creating a run answers 201 with `Location` (the first created run, absolute) and `Retry-After`; `GET /forecast/run-library/{id}/` carries `Retry-After` while the run is queued or processing.",
      "Request bodies are marked required.",
      "A run's result gives `modelledYears`: the years computed on the world view's modelled prices (`synthetic` alone did not say which).",
      "GB leaderboard: each asset modelled as it is (duration faded by age and cycles, its cycle limit, its TNUoS zone, from commissioning): assets gain `modelledDurationHours`, `gspGroup`, `tnuosZone`, `tnuosPerMWYear`; the answer gives `modelled` and `notModelled` as sentences (`notModelled` was a list of assets); 503 with `Retry-After` while the first result is computed (was 400).",
    ],
  },
  {
    version: "1.4.0",
    date: "2026-11-27",
    changes: [
      "New: `GET /forecast/run-library/{id}/result/download.zip` — a finished run's workbook and its first year's dispatch and prices at the market interval (CSV per revenue strategy), in one zip.",
      "The result workbook has number formats (thousands separators), frozen header rows, readable inputs (labels and values) and no battery columns on a run without a battery; the dispatch CSV of such a run has the price, import and export only.",
      "New: the GB leaderboard (`GET /data-api/bm/gb/leaderboard-graph/`, spec §7's `…/validate_dates/`): the asset library's GB batteries, revenue per MW by month, modelled on real prices by the backtest; months not held are refused (400) with the ranges that are.",
      "Every world view's hourly forward curve is a dataset (`gb-high-hourly-forward-curve`, …; the Central one keeps `gb-hourly-forward-curve` and, as the default tier, needs no subscription); the databooks and power-prices lists give each world view's `forwardCurve` (id, title, dates) or null.",
      "Run library: `ordering=revenue` / `-revenue` sorts by the headline revenue as the caller sees it (runs without one, or locked, last).",
      "`GET /data-api/data-and-charts/data/filters/` takes `search`, `group` and `granularity`: each facet counts within the others (not within itself).",
    ],
  },
  {
    version: "1.3.0",
    date: "2026-11-24",
    changes: [
      "Per-key rate limit: 120 calls a minute per API key by default; beyond it 429 with `Retry-After`. Answers to a key carry `RateLimit-Limit` and `RateLimit-Remaining`.",
      "New: a finished run's revenues as JSON (`GET /forecast/run-library/{id}/result/`: per strategy, year and stream, with units and money basis) and any year's dispatch and prices at the market interval as CSV (`…/result/dispatch.csv?year=&strategy=`).",
      "New: `GET /data-api/data-and-charts/data/import-status/` says how far the import of market data is (status, filesDone of filesTotal); the library is partial until it is done.",
      "Forecast numbers must be written as digits with at most one decimal point and the field's decimals (e.g. 2 for MW, 3 for tariff prices): `1e2` or `50.123` MW are refused (400) instead of read.",
    ],
  },
  {
    version: "1.2.0",
    date: "2026-11-24",
    changes: [
      "API keys have scopes (`read`: GET; `run`: calls that create or change) and an optional expiry; a key cannot manage keys, sessions, the password or the company (403).",
      "Sign-up answers 202 and sends a link to confirm the address (`/auth/verify-email`); log-in answers 403 until it is confirmed, and 429 with `Retry-After` when throttled.",
      "New: sessions (`/users/me/sessions`, `/auth/logout`), password change and reset, company invitations and the company admin's review of upgrade requests (`/companies/mine`).",
    ],
  },
  {
    version: "1.1.0",
    date: "2026-11-24",
    changes: [
      "Every operation has an `operationId` and documents its success response and each error status it sends.",
      "One error shape everywhere: `{ detail, errors? }`; messages name the field in plain words.",
      "The forecast request body is documented field by field (types, ranges, choices and the messages you get back).",
    ],
  },
  {
    version: "1.0.0",
    date: "2026-11-01",
    changes: ["First version: market data, world views, the forecast builder and the run library."],
  },
];
