import type { FeatureRoutes } from "../context";

const usersRoutes: FeatureRoutes = async (_app, _opts) => {};

export default usersRoutes;
