// `npm run bench:catalog`: what the catalog read costs every request that shows or prices an
// item, on a seeded shop without photos (as the seed leaves it) and with photos on the three
// 375 ml bottles, on PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
//
// Each case reads the catalog 100 times unmeasured, then BENCH_RUNS times (1,000 by default)
// one after another; printed: the median and the 95th percentile in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { readCatalog } from "../server/catalog/catalog.server";
import { storeUploadedImage } from "../server/content/images.server";
import { type DatabaseHandle, openDatabase } from "../server/db/client.server";
import { products } from "../server/db/schema.server";
import { seedDemoData } from "../server/db/seed/seed.server";
import { createPostgresDatabase } from "../test/support/database";
import { type Engine, postgresServerUrl } from "./shelves";

const runs = Number(process.env.BENCH_RUNS ?? 1000);
const owner = { id: "bench-owner", email: "owner@example.com" };

async function timeReads(db: DatabaseHandle["db"]) {
  for (let i = 0; i < 100; i += 1) await readCatalog(db);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await readCatalog(db);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) => samples[Math.floor(samples.length * share)]?.toFixed(2);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
}

async function givePhotos(db: DatabaseHandle["db"]) {
  const bytes = await sharp({
    create: { width: 1200, height: 1600, channels: 3, background: "#556b2f" },
  })
    .jpeg()
    .toBuffer();
  for (const id of ["premium", "luxe", "privateReserve"] as const) {
    const file = new File([new Uint8Array(bytes)], `${id}.jpg`);
    const stored = await storeUploadedImage(db, owner, { file, alt: `A bottle of ${id}` });
    if (!stored.ok) throw new Error("The benchmark's photo was refused");
    await db.update(products).set({ photoImageId: stored.imageId }).where(eq(products.id, id));
  }
}

async function bench(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalog-"));
  const postgres =
    engine === "postgresql" ? await createPostgresDatabase(postgresServerUrl()) : null;
  const database = postgres ?? openDatabase({ kind: "pglite", dataDir });
  try {
    if (!postgres) await database.migrate();
    await seedDemoData(database.db, { onlyIfEmpty: false });
    console.log(`${engine}, no photo: ${await timeReads(database.db)}`);
    await givePhotos(database.db);
    console.log(`${engine}, three photos: ${await timeReads(database.db)}`);
  } finally {
    await (postgres ? postgres.dispose() : database.close());
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`load average ${loadavg()[0]?.toFixed(2)}, ${runs} reads per case`);
await bench("pglite");
await bench("postgresql");
