-- The buyer's area (issue 35): sign-in by e-mailed link, sessions, and downloads counted per order and file.
create table buyer_login_links (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  -- sha256 of the token: the database never holds a usable link
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index buyer_login_links_expiry_idx on buyer_login_links (expires_at);

create table buyer_sessions (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

create table buyer_downloads (
  order_id uuid not null references orders (id) on delete cascade,
  file_id uuid not null references product_files (id) on delete cascade,
  downloads integer not null default 0,
  last_download_at timestamptz not null,
  primary key (order_id, file_id)
);

-- ordering's orders read by the buyer's e-mail (the area lists every order placed with it, newest first)
create index orders_customer_email_idx on orders (lower(customer_email), created_at desc);
