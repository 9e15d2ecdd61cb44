-- The backtest (decision 0118): GB Capacity Market auction results (reference data the backtest's
-- capacity stream needs; imported from the shared data folder with the market data) and the
-- computed backtest rows, cached per state of the data they were computed from.
create table capacity_market_auctions (
  auction_name text primary key,
  auction_type text not null,
  delivery_year text not null,
  clearing_price_per_kw_year double precision not null
);

create table capacity_market_derating (
  auction_name text not null,
  technology_class text not null,
  duration_h double precision,
  derating_factor double precision not null,
  primary key (auction_name, technology_class)
);

create table backtest_results (
  data_key text primary key,
  rows jsonb not null,
  computed_at timestamptz not null default now()
);
