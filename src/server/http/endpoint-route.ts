/**
 * `endpointRoute` lives in ./table, a folder that imports nothing of the server, so the sign-in
 * routes can register from the table although this folder's hooks import src/server/auth
 * (`npm run lint:deps`: no folder imports itself back). Feature routes may import either.
 */
export { endpointRoute } from "./table/endpoint-route";
