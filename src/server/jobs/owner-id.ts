import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/** A claim owner: host, process and a random part, so two jobs of one process never share one. */
export const newOwnerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
