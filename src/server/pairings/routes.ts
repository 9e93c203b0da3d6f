import type { FeatureRoutes } from "../context";

const pairingsRoutes: FeatureRoutes = async (_app, _opts) => {};

export default pairingsRoutes;
