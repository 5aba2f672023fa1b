-- Co-producers (issue 37 item 3): a producer invites an account (by e-mail) to a share of a product's sales; the
-- share counts once that account accepts, until ends_at. Their commissions are rows of `commissions` like the others.
create table coproducers (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null,
  email text not null,
  -- the account that accepted (null while INVITED)
  user_id uuid references users (id) on delete cascade,
  share_bps integer not null check (share_bps between 1 and 10000),
  status text not null default 'INVITED' check (status in ('INVITED', 'ACTIVE')),
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  unique (product_id, email)
);
create index coproducers_store_idx on coproducers (store_id, product_id);
create index coproducers_email_idx on coproducers (lower(email));

alter table commissions drop constraint commissions_role_check;
alter table commissions add constraint commissions_role_check check (role in ('AFFILIATE', 'COPRODUCER', 'PRODUCER'));
