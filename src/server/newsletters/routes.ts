import type { FeatureRoutes } from "../context";

const newslettersRoutes: FeatureRoutes = async (_app, _opts) => {};

export default newslettersRoutes;
