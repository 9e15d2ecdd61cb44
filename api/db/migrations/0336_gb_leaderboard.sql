-- The GB leaderboard (decision 0336): each GB asset of the asset library modelled on the real GB
-- prices as it is (duration faded by age, cycles, TNUoS zone, commissioning), computed by its own
-- queue job at start-up and cached per state of the GB data and of the assets.
create table gb_leaderboard_results (
  data_key text primary key,
  assets jsonb not null,
  computed_at timestamptz not null default now()
);
