import { z } from "zod";
import { answers, errorResponses, fileResponse } from "../api";
import { teamsStatusSchema, teamsTestSchema } from "../teams";
import { endpoint } from "./endpoint";

/**
 * Microsoft Teams (docs/chat.md, "Microsoft Teams"): the bot's messaging endpoint, and the
 * admin's card with the app package and Test connection.
 */
export const teamsEndpoints = {
  /**
   * Teams' activities (card actions, installs), each with a Bot Framework token that is verified
   * before the body is read: no body schema, so a missing token is answered 401, not 400.
   */
  messages: endpoint({
    access: "public",
    method: "POST",
    path: "/api/teams/messages",
    response: {
      200: z.any().meta({ description: "Nothing, or an invoke's answer (the updated card)." }),
      ...errorResponses,
    },
  }),
  status: endpoint({
    method: "GET",
    path: "/api/admin/teams",
    response: answers(teamsStatusSchema),
  }),
  manifest: endpoint({
    method: "GET",
    path: "/api/admin/teams/manifest",
    response: {
      200: fileResponse("application/zip", "The Teams app package: manifest.json and two icons."),
      ...errorResponses,
    },
  }),
  test: endpoint({
    method: "POST",
    path: "/api/admin/teams/test",
    response: answers(teamsTestSchema),
  }),
};
