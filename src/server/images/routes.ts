import type { FeatureRoutes } from "../context";

const imagesRoutes: FeatureRoutes = async (_app, _opts) => {};

export default imagesRoutes;
