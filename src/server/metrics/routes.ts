import type { FeatureRoutes } from "../context";

const metricsRoutes: FeatureRoutes = async (_app, _opts) => {};

export default metricsRoutes;
