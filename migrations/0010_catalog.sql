create table products (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  description text,
  price_cents bigint not null check (price_cents > 0),
  type text not null check (type in ('PHYSICAL', 'DIGITAL')),
  -- physical products count their stock; digital ones never run out
  stock integer check (stock >= 0),
  image_url text,
  digital_file_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_stock_by_type check (
    (type = 'PHYSICAL' and stock is not null) or (type = 'DIGITAL' and stock is null)
  )
);
-- the store product list, newest first
create index products_store_created_idx on products (store_id, created_at desc, id desc);
