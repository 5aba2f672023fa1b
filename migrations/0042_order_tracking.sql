-- Attribution and the buyer's browser, kept with the order for the ad integrations (UTMify, Meta Conversions API):
-- { utm_source, utm_medium, utm_campaign, utm_content, utm_term, src, sck, fbp, fbc, fbclid }, each optional.
alter table orders add column tracking jsonb not null default '{}'::jsonb;
alter table orders add column client_ip text;
alter table orders add column user_agent text;
