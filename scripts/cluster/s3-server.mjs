// The cluster's object storage: s3rver (an S3-compatible server for development) on a free port
// of 127.0.0.1, files in the folder given as the first argument, one bucket (second argument).
// Prints {"port":…} on its first line of output once it listens; stops on SIGTERM/SIGINT.
import fs from "node:fs";
import S3rver from "s3rver";

const [directory, bucket = "helio"] = process.argv.slice(2);
if (!directory) {
  console.error("usage: node scripts/cluster/s3-server.mjs <directory> [bucket]");
  process.exit(2);
}
fs.mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
console.info(JSON.stringify({ port: address.port }));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}
