-- Buyer reviews per store and product (spec 002 §3). Text columns hold plain text (trimmed, length-limited by the
-- API); the browser renders them as text. product_id names a catalog product (read through catalogService) and
-- order_id an ordering order (read through orderingService): no foreign keys into other modules' tables.
create table reviews (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid,
  product_name text not null,
  customer_name text not null,
  customer_email text,
  rating smallint not null check (rating between 1 and 5),
  title text not null,
  comment text not null,
  location text,
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED', 'FLAGGED')),
  source text not null default 'CUSTOMER' check (source in ('CUSTOMER', 'MERCHANT')),
  -- Set only by the server: the review came through a signed link of a paid order containing the product.
  is_verified_purchase boolean not null default false,
  order_id uuid,
  verification_revoked_at timestamptz,
  moderator_notes text,
  moderated_at timestamptz,
  helpful_votes integer not null default 0,
  report_count integer not null default 0,
  last_reported_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One review per order and product: a paid order gives one verified voice per item.
create unique index reviews_order_product_uidx on reviews (order_id, product_id) where order_id is not null;
create index reviews_store_created_idx on reviews (store_id, created_at desc);
create index reviews_product_public_idx on reviews (store_id, product_id, created_at desc) where status = 'APPROVED';
create index reviews_order_idx on reviews (order_id) where order_id is not null;

-- One helpful vote and one report per review and visitor. visitor_hash is an HMAC of the caller's address and
-- browser (never stored in clear), so the same visitor cannot vote twice.
create table review_votes (
  review_id uuid not null references reviews (id) on delete cascade,
  kind text not null check (kind in ('HELPFUL', 'REPORT')),
  visitor_hash text not null,
  created_at timestamptz not null default now(),
  primary key (review_id, kind, visitor_hash)
);
