CREATE TABLE "store_stats" (
	"store_id" text PRIMARY KEY NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"collections" integer DEFAULT 0 NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"completed_sales" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"overall" integer GENERATED ALWAYS AS (visits + 3 * followers + 2 * collections) STORED NOT NULL,
	"rating" double precision GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum::float8 / rating_count end) STORED,
	"level" integer GENERATED ALWAYS AS (case when completed_sales >= 1000 and rating_count > 0 and rating_sum >= 4.5 * rating_count then 5 when completed_sales >= 200 and rating_count > 0 and rating_sum >= 4 * rating_count then 4 when completed_sales >= 50 then 3 when completed_sales >= 10 then 2 when completed_sales >= 1 then 1 else 0 end) STORED NOT NULL,
	CONSTRAINT "store_stats_not_negative" CHECK ("store_stats"."followers" >= 0 and "store_stats"."visits" >= 0 and "store_stats"."collections" >= 0 and "store_stats"."products" >= 0 and "store_stats"."sales" >= 0 and "store_stats"."completed_sales" >= 0 and "store_stats"."rating_count" >= 0 and "store_stats"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_stats_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_stats_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" text NOT NULL,
	"xid" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"overall" integer NOT NULL,
	"visits" integer NOT NULL,
	"collections" integer NOT NULL,
	"sales" integer NOT NULL,
	"rating" double precision,
	"level" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_stats" ADD CONSTRAINT "store_stats_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stats_changes" ADD CONSTRAINT "store_stats_changes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_stats_changes_xid_idx" ON "store_stats_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "store_stats_changes_at_idx" ON "store_stats_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "favorites_listing_idx" ON "favorites" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "sandbox_payments_undelivered_idx" ON "sandbox_payments" USING btree ("decided_at") WHERE "sandbox_payments"."status" in ('paid', 'cancelled') and "sandbox_payments"."notified_at" is null;--> statement-breakpoint
-- Store statistics kept by the database (docs/decisions/0007-store-statistics.md). Every figure is the sum of
-- what the rows of its source tables contribute; a trigger on each source table adds a row's change (new
-- contribution less old) to its store's row, in the writing transaction. The triggers are deferred to the commit,
-- so a flow takes its stores' row locks last, after the ledger's (no lock-order cycles with the money flows),
-- and holds them only while committing.
CREATE FUNCTION store_stats_add(
  p_store text,
  d_followers integer DEFAULT 0,
  d_visits integer DEFAULT 0,
  d_collections integer DEFAULT 0,
  d_products integer DEFAULT 0,
  d_sales integer DEFAULT 0,
  d_completed_sales integer DEFAULT 0,
  d_rating_count integer DEFAULT 0,
  d_rating_sum integer DEFAULT 0
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_store IS NULL OR (d_followers = 0 AND d_visits = 0 AND d_collections = 0 AND d_products = 0
      AND d_sales = 0 AND d_completed_sales = 0 AND d_rating_count = 0 AND d_rating_sum = 0) THEN
    RETURN;
  END IF;
  -- A store deleted in the same transaction has no row any more: nothing to count.
  UPDATE store_stats SET
    followers = followers + d_followers,
    visits = visits + d_visits,
    collections = collections + d_collections,
    products = products + d_products,
    sales = sales + d_sales,
    completed_sales = completed_sales + d_completed_sales,
    rating_count = rating_count + d_rating_count,
    rating_sum = rating_sum + d_rating_sum
  WHERE store_id = p_store;
END
$$;
--> statement-breakpoint
CREATE FUNCTION store_stats_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_stats (store_id) VALUES (NEW.id) ON CONFLICT (store_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_stats_open AFTER INSERT ON stores FOR EACH ROW EXECUTE FUNCTION store_stats_open();
--> statement-breakpoint
-- followers: one per row of store_follows.
CREATE FUNCTION store_stats_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM store_stats_add(OLD.store_id, d_followers => -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM store_stats_add(NEW.store_id, d_followers => 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_follows AFTER INSERT OR UPDATE OF store_id OR DELETE ON store_follows
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_follows();
--> statement-breakpoint
-- visits: one per row of store_visits (a visitor and a day).
CREATE FUNCTION store_stats_visits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM store_stats_add(OLD.store_id, d_visits => -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM store_stats_add(NEW.store_id, d_visits => 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_visits AFTER INSERT OR UPDATE OF store_id OR DELETE ON store_visits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_visits();
--> statement-breakpoint
-- collections: one per favourite, counted for the store of its listing. A listing never changes store (below), so
-- the favourite counts for the same store when it goes. Deleting a listing that has favourites is refused: it
-- would leave them without a store to be taken off (listings are hidden, never deleted).
CREATE FUNCTION store_stats_listing_store(p_listing text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  found_store text;
BEGIN
  SELECT l.store_id INTO found_store FROM listings l WHERE l.id = p_listing;
  IF found_store IS NULL THEN
    RAISE EXCEPTION 'store_stats: listing % is gone while favourites of it change (hide a listing, never delete it)', p_listing;
  END IF;
  RETURN found_store;
END
$$;
--> statement-breakpoint
CREATE FUNCTION store_stats_favorites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.listing_id = NEW.listing_id THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM store_stats_add(store_stats_listing_store(OLD.listing_id), d_collections => -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM store_stats_add(store_stats_listing_store(NEW.listing_id), d_collections => 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_favorites AFTER INSERT OR UPDATE OF listing_id OR DELETE ON favorites
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_favorites();
--> statement-breakpoint
-- products (active listings) and sales (the listings' sales).
CREATE FUNCTION store_stats_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.store_id IS DISTINCT FROM NEW.store_id THEN
    RAISE EXCEPTION 'store_stats: listing % stays in its store', OLD.id;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM store_stats_add(NEW.store_id, d_products => (NEW.status = 'active')::int, d_sales => NEW.sales);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM store_stats_add(OLD.store_id, d_products => -((OLD.status = 'active')::int), d_sales => -OLD.sales);
  ELSE
    PERFORM store_stats_add(NEW.store_id,
      d_products => (NEW.status = 'active')::int - (OLD.status = 'active')::int,
      d_sales => NEW.sales - OLD.sales);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_listings AFTER INSERT OR UPDATE OF store_id, status, sales OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_listings();
--> statement-breakpoint
-- completed_sales: the items of completed orders, counted when an order becomes completed (or stops being so)...
CREATE FUNCTION store_stats_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_items integer := 0;
  new_items integer := 0;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id
      AND (OLD.status = 'completed') = (NEW.status = 'completed') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'completed' THEN
    SELECT coalesce(sum(i.quantity), 0) INTO old_items FROM order_items i WHERE i.order_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'completed' THEN
    SELECT coalesce(sum(i.quantity), 0) INTO new_items FROM order_items i WHERE i.order_id = NEW.id;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id THEN
    PERFORM store_stats_add(NEW.store_id, d_completed_sales => new_items - old_items);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM store_stats_add(OLD.store_id, d_completed_sales => -old_items); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM store_stats_add(NEW.store_id, d_completed_sales => new_items); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_orders AFTER INSERT OR UPDATE OF store_id, status OR DELETE ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_orders();
--> statement-breakpoint
-- ...which is exact because an order's items are read at its completion and never change afterwards (they are
-- written when it is placed); this guard makes sure of it.
CREATE FUNCTION order_items_fixed_once_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM orders o WHERE o.status = 'completed' AND o.id IN (OLD.order_id, NEW.order_id)) THEN
    RAISE EXCEPTION 'the items of a completed order never change (store_stats counted them when it completed)';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_items_fixed_once_completed BEFORE INSERT OR UPDATE OF order_id, quantity OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_fixed_once_completed();
--> statement-breakpoint
-- ...less the items of approved returns.
CREATE FUNCTION store_stats_returns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_items integer := 0;
  new_items integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'return' AND OLD.status = 'approved' THEN old_items := OLD.quantity; END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'return' AND NEW.status = 'approved' THEN new_items := NEW.quantity; END IF;
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id THEN
    PERFORM store_stats_add(NEW.store_id, d_completed_sales => old_items - new_items);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM store_stats_add(OLD.store_id, d_completed_sales => old_items); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM store_stats_add(NEW.store_id, d_completed_sales => -new_items); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_returns AFTER INSERT OR UPDATE OF store_id, kind, status, quantity OR DELETE ON order_returns
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_returns();
--> statement-breakpoint
-- rating: the count and the sum of the stars of visible reviews (a hidden one counts in no rating).
CREATE FUNCTION store_stats_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_count integer := 0;
  old_sum integer := 0;
  new_count integer := 0;
  new_sum integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL THEN old_count := 1; old_sum := OLD.rating; END IF;
  IF TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL THEN new_count := 1; new_sum := NEW.rating; END IF;
  IF TG_OP = 'UPDATE' AND OLD.store_id = NEW.store_id THEN
    PERFORM store_stats_add(NEW.store_id, d_rating_count => new_count - old_count, d_rating_sum => new_sum - old_sum);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM store_stats_add(OLD.store_id, d_rating_count => -old_count, d_rating_sum => -old_sum);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM store_stats_add(NEW.store_id, d_rating_count => new_count, d_rating_sum => new_sum);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER store_stats_reviews AFTER INSERT OR UPDATE OF store_id, rating, hidden_at OR DELETE ON reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION store_stats_reviews();
--> statement-breakpoint
-- The street's sort keys before each change, for its later pages (store_stats_changes, kept an hour).
CREATE FUNCTION store_stats_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_stats_changes (store_id, xid, overall, visits, collections, sales, rating, level)
  VALUES (OLD.store_id, pg_current_xact_id()::text::bigint, OLD.overall, OLD.visits, OLD.collections, OLD.sales,
    OLD.rating, OLD.level);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER store_stats_log_change AFTER UPDATE ON store_stats FOR EACH ROW
  WHEN ((OLD.overall, OLD.visits, OLD.collections, OLD.sales, OLD.rating, OLD.level)
    IS DISTINCT FROM (NEW.overall, NEW.visits, NEW.collections, NEW.sales, NEW.rating, NEW.level))
  EXECUTE FUNCTION store_stats_log_change();
--> statement-breakpoint
-- Every store's figures as they are now, counted after the triggers exist (their locks keep writers out until the
-- migration commits, so nothing written in between is missed).
INSERT INTO store_stats (store_id, followers, visits, collections, products, sales, completed_sales, rating_count, rating_sum)
SELECT
  s.id,
  (SELECT count(*) FROM store_follows f WHERE f.store_id = s.id),
  (SELECT count(*) FROM store_visits v WHERE v.store_id = s.id),
  (SELECT count(*) FROM favorites fa JOIN listings l ON l.id = fa.listing_id WHERE l.store_id = s.id),
  (SELECT count(*) FROM listings l WHERE l.store_id = s.id AND l.status = 'active'),
  (SELECT coalesce(sum(l.sales), 0) FROM listings l WHERE l.store_id = s.id),
  (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.store_id = s.id AND o.status = 'completed')
    - (SELECT coalesce(sum(r.quantity), 0) FROM order_returns r
    WHERE r.store_id = s.id AND r.kind = 'return' AND r.status = 'approved'),
  (SELECT count(*) FROM reviews rv WHERE rv.store_id = s.id AND rv.hidden_at IS NULL),
  (SELECT coalesce(sum(rv.rating), 0) FROM reviews rv WHERE rv.store_id = s.id AND rv.hidden_at IS NULL)
FROM stores s;
