import { requireNodeRuntime } from "../../../../scripts/node-runtime.mjs";

export default function setup() {
  requireNodeRuntime("web tests");
}
