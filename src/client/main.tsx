// First: zod must be jitless before any schema is made (lib/zod-jitless.ts).
import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DeferredToaster } from "./features/deferred-toaster";
import { AppRoutes } from "./routes";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
      <DeferredToaster />
    </BrowserRouter>
  </StrictMode>,
);
