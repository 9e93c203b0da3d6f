import type { FeatureRoutes } from "../context";
import { registerServeUploads } from "./serve-uploads";

const imagesRoutes: FeatureRoutes = async (app, { ctx }) => {
  registerServeUploads(app, ctx);
};

export default imagesRoutes;
