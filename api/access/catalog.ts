// The subscriptions users can hold and the feature flags of spec §6, with their defaults.
// Synced into the database at start (api/access/sync.ts), so adding one here is all it takes.

export interface SubscriptionDef {
  key: string;
  /** Shown to users: 'This run is for {name} subscribers', '{name} subscription is required'. */
  name: string;
  /** The plan it belongs to on the pricing page. */
  plan: "Data" | "World views" | "Forecast library" | "Forecast models";
  description: string;
}

export const SUBSCRIPTIONS = [
  {
    key: "data_gb",
    name: "GB Data",
    plan: "Data",
    description: "GB live and historic market data: prices, demand, balancing.",
  },
  {
    key: "data_ercot",
    name: "ERCOT Data",
    plan: "Data",
    description: "ERCOT hub and load-zone prices and ancillary service prices.",
  },
  {
    key: "data_nem",
    name: "Australia Data",
    plan: "Data",
    description: "NEM regional prices, demand and FCAS prices.",
  },
  {
    key: "data_europe",
    name: "Europe Data",
    plan: "Data",
    description: "German and Spanish day-ahead prices, load and renewables.",
  },
  {
    key: "world_view_gb_power_prices",
    name: "GB Forecasted Power Prices",
    plan: "World views",
    description:
      "The default tier: the GB forecasted power prices world view, its databook and power prices.",
  },
  {
    key: "world_view_gb",
    name: "GB World View",
    plan: "World views",
    description: "All GB world views (high, low, net zero), databooks and power prices.",
  },
  {
    key: "world_view_ercot",
    name: "ERCOT World View",
    plan: "World views",
    description: "ERCOT world views, databooks and power prices.",
  },
  {
    key: "world_view_nem",
    name: "Australia World View",
    plan: "World views",
    description: "NEM world views, databooks and power prices.",
  },
  {
    key: "world_view_europe",
    name: "Europe World View",
    plan: "World views",
    description: "German and Spanish world views, databooks and power prices.",
  },
  {
    key: "library_gb_forecast",
    name: "GB Forecast Library",
    plan: "Forecast library",
    description: "Voltcast's own GB BESS revenue forecasts in the run library.",
  },
  {
    key: "library_ercot_zonal_forecast",
    name: "ERCOT Zonal Forecast Library",
    plan: "Forecast library",
    description: "Voltcast's own ERCOT zonal BESS revenue forecasts.",
  },
  {
    key: "forecast_gb_bess",
    name: "GB BESS",
    plan: "Forecast models",
    description: "Custom GB battery forecasts.",
  },
  {
    key: "forecast_gb_solar",
    name: "GB Solar",
    plan: "Forecast models",
    description: "Custom GB stand-alone solar forecasts; with GB BESS, co-located BESS + solar.",
  },
  {
    key: "forecast_ercot_nodal",
    name: "ERCOT Nodal",
    plan: "Forecast models",
    description: "Custom ERCOT battery forecasts at a node.",
  },
  {
    key: "forecast_australia",
    name: "Australia",
    plan: "Forecast models",
    description: "Custom NEM battery forecasts with FCAS.",
  },
  {
    key: "forecast_germany",
    name: "Germany",
    plan: "Forecast models",
    description: "Custom German battery, solar and wind forecasts.",
  },
  {
    key: "forecast_spain",
    name: "Spain",
    plan: "Forecast models",
    description: "Custom Spanish battery, solar and wind forecasts.",
  },
] as const satisfies readonly SubscriptionDef[];

export type SubscriptionKey = (typeof SUBSCRIPTIONS)[number]["key"];

export interface FlagDef {
  key: string;
  enabled: boolean;
  description: string;
}

export const FLAGS = [
  {
    key: "forecast_new_form",
    enabled: true,
    description: "Builder opens on the start screen (off: straight to the canvas).",
  },
  {
    key: "forecast_new_form_redirects",
    enabled: true,
    description: "Old builder URLs redirect to the new form.",
  },
  {
    key: "forecast_separate_power_prices",
    enabled: true,
    description: "Power prices have their own tab, apart from databooks.",
  },
  {
    key: "forecast_update_duration_validation",
    enabled: false,
    description: "Duration may be up to 8 h (otherwise 6 h).",
  },
  { key: "forecast_nodal_v_1_1", enabled: true, description: "ERCOT nodal model version 1.1." },
  {
    key: "forecast_nem_region",
    enabled: true,
    description: "Australia (NEM) is offered in the builder to subscribers.",
  },
  {
    key: "forecat_view_on_portfolio_button",
    enabled: true,
    description: "Runs show a 'View on portfolio' button.",
  },
  {
    key: "forecast_display_api_errors",
    enabled: true,
    description: "The 'Oops!' modal shows the API's error text.",
  },
  {
    key: "forecast_germany_model",
    enabled: true,
    description: "Germany is offered in the builder to subscribers.",
  },
  {
    key: "forecast_spain_model",
    enabled: true,
    description: "Spain is offered in the builder to subscribers.",
  },
  {
    key: "forecast_new_basic_info_popup",
    enabled: false,
    description: "The create modal has no title and a 'Learn about forecast creation' link.",
  },
  {
    key: "forecast_new_view_on_portfolio",
    enabled: true,
    description: "After a draft is created, offer the revenues library or the portfolio.",
  },
  {
    key: "forecast_hide_drafts",
    enabled: false,
    description: "No drafts: the canvas toolbar shows Cancel instead of 'Save as draft'.",
  },
  {
    key: "forecast_single_model_endpoint",
    enabled: true,
    description: "Runs are created through /forecast/run-library/forecasts/.",
  },
  {
    key: "forecast_locations_search_boundaries",
    enabled: true,
    description: "Location search is restricted to the region's boundaries.",
  },
  {
    key: "forecast_builder_new_form",
    enabled: true,
    description: "The stepper create-forecast form is available.",
  },
  {
    key: "forecast_form_unlimited_locations",
    enabled: false,
    description: "Location search is not limited to the region's countries.",
  },
  {
    key: "forecast_display_ercot_nodes_coordinates",
    enabled: true,
    description: "ERCOT node picker shows coordinates.",
  },
  {
    key: "long-lived-forecast-bess-revenues-default-filters",
    enabled: true,
    description: "BESS revenues library opens with default filters.",
  },
  { key: "ai_chat_ui", enabled: false, description: "AI chat panel (changes the canvas height)." },
  {
    key: "portfolio_access",
    enabled: false,
    description: "Portfolio (future view and history) for this user.",
  },
] as const satisfies readonly FlagDef[];

export type FlagKey = (typeof FLAGS)[number]["key"];
export type Flags = Record<FlagKey, boolean>;

export const DEFAULT_FLAGS = Object.fromEntries(FLAGS.map((f) => [f.key, f.enabled])) as Flags;
