-- The platform's own fee on orders split among affiliates (issue 37 item 4): one row, set by the admin; 0 by default.
-- Withheld from the net with the gateway's fee before the split.
create table affiliate_platform_fee (
  id boolean primary key default true check (id),
  percent_bps integer not null default 0 check (percent_bps between 0 and 10000),
  fixed_cents integer not null default 0 check (fixed_cents between 0 and 100000),
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
