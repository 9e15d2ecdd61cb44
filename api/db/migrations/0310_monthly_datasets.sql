-- Issue 19: library forecasts in the plotter are monthly series (revenue per MW by month).
alter table datasets drop constraint if exists datasets_granularity_check;
alter table datasets add constraint datasets_granularity_check
  check (granularity in ('5 min', '15 min', '30 min', 'hourly', 'daily', 'monthly'));
