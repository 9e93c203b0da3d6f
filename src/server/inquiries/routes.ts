import type { FeatureRoutes } from "../context";

const inquiriesRoutes: FeatureRoutes = async (_app, _opts) => {};

export default inquiriesRoutes;
