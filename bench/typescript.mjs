// The benches import the server's TypeScript sources. Node 24 runs them as they are (type
// stripping); a server measured on an older Node for comparison (`--server-node`) gets tsx's loader.
export async function loadTypeScript() {
  if (process.features.typescript) return;
  const { register } = await import("tsx/esm/api");
  register();
}
