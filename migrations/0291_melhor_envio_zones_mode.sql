-- Issue 38: Melhor Envio's quotes are offered beside the store's own CEP zones (as until now) or instead of them; with
-- 'INSTEAD' the zones still answer whenever the carriers give nothing (no dimensions, an error, a timeout).
alter table melhor_envio_settings
  add column zones_mode text not null default 'BESIDE' check (zones_mode in ('BESIDE', 'INSTEAD'));
