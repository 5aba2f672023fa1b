-- A digital product's deliverables: files uploaded by the merchant, kept in the storage port (local folder or S3).
create table product_files (
  id uuid primary key default gen_random_uuid(),
  store_id uuid not null references stores (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  content_type text not null,
  size_bytes bigint not null check (size_bytes > 0),
  -- the object's key in the storage; unique so two rows never share (and then delete) one object
  storage_key text not null unique,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index product_files_product_idx on product_files (product_id, position, created_at);
