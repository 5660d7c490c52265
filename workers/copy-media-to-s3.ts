import { diskStorage, s3Storage } from "@/lib/storage";
import { copyStore } from "@/lib/storage/copy-store";

// npm run media:copy-to-s3 — copies the media on the local disk (STORAGE_DIR, default DATA_DIR/media)
// into the bucket the S3_* variables name, skipping what is already there with the same size; then
// set STORAGE_DRIVER=s3. Run it again after a failure, or once more right before the switch to pick
// up files written meanwhile. Details: docs/storage.md.
async function main() {
  const started = Date.now();
  const counts = await copyStore(diskStorage(), s3Storage(), (line) => console.error(line));
  const mb = (counts.bytes / 1024 / 1024).toFixed(1);
  console.log(`copied ${counts.copied} (${mb} MB), skipped ${counts.skipped} already there, failed ${counts.failed} — ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (counts.failed > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
