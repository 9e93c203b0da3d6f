import type { FeatureRoutes } from "../context";

const authRoutes: FeatureRoutes = async (_app, _opts) => {};

export default authRoutes;
