import { en } from "zod/locales";
import { z } from "zod/mini";

/**
 * The zod every schema of Helio's is built with: zod/mini, the same parser and messages as classic
 * zod behind functions instead of methods, so that the browser's first load carries only the parts
 * the schemas use (docs/decisions/0021-the-schemas-in-zod-mini.md). zod/mini loads no messages of its
 * own ("Invalid input" for everything): English is set here, once, for the server and the web alike.
 */
z.config(en());

export { z };
