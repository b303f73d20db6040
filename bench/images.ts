// `npm run bench:images`: the time and memory to turn one 24-megapixel JPEG of about 10 MB (the
// largest upload) into what the image store keeps: the original without its metadata, and AVIF
// and WebP variants at every standard width.
//
// The photo is made here (6000 × 4000, a gradient with fine noise, so that it compresses as a
// camera's frame does), then processed BENCH_RUNS times (3 by default) after one unmeasured run,
// by the function an upload goes through. Printed: each run's time, the median against the
// target (≤ 3 s), and the peak growth of the process's resident memory over its size before the
// runs against the target (≤ 300 MB).
import { availableParallelism, loadavg } from "node:os";
import sharp from "sharp";
import { maxImageBytes } from "~core/images";
import { processImage } from "../server/content/images.server";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const targetMs = 3000;
const targetRssGrowthMb = 300;
const rssSampleMs = 5;
const size = { width: 6000, height: 4000 } as const;

/** A camera-like JPEG just under the upload limit: the highest quality that stays under it. */
async function cameraJpeg(): Promise<Buffer> {
  const noise = await sharp({
    create: {
      ...size,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .png({ compressionLevel: 1 })
    .toBuffer();
  for (const quality of [95, 92, 90, 88, 85, 80, 75]) {
    const jpeg = await sharp(noise)
      .modulate({ saturation: 1.4 })
      .jpeg({ quality })
      .withMetadata()
      .toBuffer();
    if (jpeg.byteLength <= maxImageBytes) return jpeg;
  }
  throw new Error("could not make a test photo under the upload limit");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

const photo = await cameraJpeg();
console.log(
  `Photo: ${size.width} × ${size.height} JPEG, ${mb(photo.byteLength).toFixed(1)} MB; ` +
    `${availableParallelism()} cores, load ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
);

await processImage(photo);
global.gc?.();
const rssBefore = process.memoryUsage.rss();
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, rssSampleMs);

const times: number[] = [];
let stored = 0;
for (let run = 1; run <= runs; run += 1) {
  const started = performance.now();
  const result = await processImage(photo);
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(`the photo was refused: ${result.message}`);
  stored =
    result.image.original.byteLength +
    result.image.variants.reduce((sum, variant) => sum + variant.bytes.byteLength, 0);
  times.push(elapsed);
  console.log(
    `Run ${run}: ${elapsed.toFixed(0)} ms, ${result.image.variants.length} variants, ` +
      `${mb(stored).toFixed(1)} MB stored in all`,
  );
}
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const medianMs = median(times);
const growthMb = mb(peakRss - rssBefore);
console.log(
  `Median: ${medianMs.toFixed(0)} ms (target ≤ ${targetMs} ms) ${medianMs <= targetMs ? "OK" : "OVER"}`,
);
console.log(
  `Peak memory growth: ${growthMb.toFixed(0)} MB (target ≤ ${targetRssGrowthMb} MB) ` +
    `${growthMb <= targetRssGrowthMb ? "OK" : "OVER"}`,
);
