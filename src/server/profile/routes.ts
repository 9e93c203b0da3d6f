import type { FeatureRoutes } from "../context";

const profileRoutes: FeatureRoutes = async (_app, _opts) => {};

export default profileRoutes;
