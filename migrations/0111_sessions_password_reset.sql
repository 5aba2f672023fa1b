-- Sessions that end: every token carries the account's session version; raising it (a password change or reset)
-- ends every token issued before. A logout revokes only its own token (its jti) until the token would have expired.
alter table users add column session_version integer not null default 0;

create table revoked_tokens (
  jti text primary key,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index revoked_tokens_user_idx on revoked_tokens (user_id, expires_at);

-- 'Esqueci minha senha': only the SHA-256 of the e-mailed token is kept; single use, one hour.
create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);
