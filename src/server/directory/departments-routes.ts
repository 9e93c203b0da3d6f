import type { FeatureRoutes } from "../context";

const departmentsRoutes: FeatureRoutes = async (_app, _opts) => {};

export default departmentsRoutes;
