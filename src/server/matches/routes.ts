import type { FeatureRoutes } from "../context";

const matchesRoutes: FeatureRoutes = async (_app, _opts) => {};

export default matchesRoutes;
