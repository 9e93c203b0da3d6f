import type { FeatureRoutes } from "../context";

const employeesRoutes: FeatureRoutes = async (_app, _opts) => {};

export default employeesRoutes;
