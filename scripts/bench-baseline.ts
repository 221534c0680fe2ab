// The plain baseline for `npm run bench`: the product list of one category, newest first, as a server
// written with nothing but node:http and pg would answer it. Same data, same rows, same JSON fields as the
// shop's `listings.list` (category, newest): one prepared SQL statement, no framework, no validation, no
// middleware. The fastest plain server we know how to write, so the ratio to it is an honest one (issue 30).
// Usage (started by scripts/bench.ts): DATABASE_URL=... PORT=... node scripts/bench-baseline.ts
import { createServer } from "node:http";
import pg from "pg";

const port = Number(process.env.PORT ?? 3299);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const listSql = `
  select l.id, sp.name, l.min_price as price, l.max_price, l.min_suggested_price as suggested_price,
    l.store_id, s.name as store_name,
    (select pi.image from product_images pi where pi.supply_product_id = sp.id order by pi.sort limit 1) as cover
  from listings l
  join supply_products sp on sp.id = l.supply_product_id
  join stores s on s.id = l.store_id
  where l.status = 'active' and sp.status = 'active'
    and sp.category_id in (select id from categories where id = $1 or parent_id = $1)
  order by l.id desc
  limit 21`;

interface Row {
  id: string;
  name: Record<string, string>;
  price: number;
  max_price: number;
  suggested_price: number;
  store_id: string;
  store_name: string;
  cover: { key: string; width: number; height: number; widths: number[]; formats: string[] } | null;
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  const categoryId = Number(url.searchParams.get("category"));
  if (url.pathname !== "/list" || !Number.isInteger(categoryId)) {
    res.writeHead(404).end();
    return;
  }
  // Named: each connection parses and plans it once, then only binds and executes it.
  pool.query<Row>({ name: "list", text: listSql, values: [categoryId] }).then(
    ({ rows }) => {
      const page = rows.slice(0, 20);
      const body = JSON.stringify({
        items: page.map((r) => ({
          id: r.id,
          name: r.name.ind ?? "",
          image: r.cover ? { ...r.cover, key: undefined, url: `/uploads/${r.cover.key}` } : null,
          price: Number(r.price),
          maxPrice: Number(r.max_price),
          suggestedPrice: Number(r.suggested_price),
          storeId: r.store_id,
          storeName: r.store_name,
        })),
        nextCursor: rows.length > 20 ? page.at(-1)?.id : null,
      });
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(body);
    },
    () => res.writeHead(500).end(),
  );
}).listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));

process.on("SIGTERM", () => void pool.end().then(() => process.exit(0)));
