create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text not null,
  password_hash text not null,
  role text not null default 'LOJISTA' check (role in ('ADMIN', 'LOJISTA', 'USER', 'MODERATOR')),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'SUSPENDED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create index users_created_at_idx on users (created_at desc);

-- What happened to an account, written by event handlers (user.registered, store.created, ...).
create table activity_log (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  unique (event_id, kind)
);
create index activity_log_user_idx on activity_log (user_id, created_at desc);
