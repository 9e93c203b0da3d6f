import type { FeatureRoutes } from "../context";

const whitelistRoutes: FeatureRoutes = async (_app, _opts) => {};

export default whitelistRoutes;
