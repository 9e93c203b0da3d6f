import type { FeatureRoutes } from "../context";
import departmentsRoutes from "./departments-routes";
import usersRoutes from "./users-routes";
import whitelistRoutes from "./whitelist-routes";

const directoryRoutes: FeatureRoutes = async (app, opts) => {
  await app.register(whitelistRoutes, opts);
  await app.register(departmentsRoutes, opts);
  await app.register(usersRoutes, opts);
};

export default directoryRoutes;
