import type { FeatureRoutes } from "../context";

const directoryRoutes: FeatureRoutes = async (_app, _opts) => {};

export default directoryRoutes;
