import { answers } from "../api";
import {
  checkInBodySchema,
  checkInQuerySchema,
  checkInViewSchema,
  quietPeopleResponseSchema,
  stillInBodySchema,
  stillInQuerySchema,
  stillInViewSchema,
} from "../check-ins";
import { endpoint } from "./endpoint";

/** The check-in and "still up for coffee chats?" pages, and the admin's list (docs/check-ins.md). */
export const checkInEndpoints = {
  checkIn: endpoint({
    access: "public",
    method: "GET",
    path: "/api/check-in",
    query: checkInQuerySchema,
    response: answers(checkInViewSchema),
  }),
  answerCheckIn: endpoint({
    access: "public",
    method: "POST",
    path: "/api/check-in",
    body: checkInBodySchema,
    response: answers(checkInViewSchema),
  }),
  stillIn: endpoint({
    access: "public",
    method: "GET",
    path: "/api/still-in",
    query: stillInQuerySchema,
    response: answers(stillInViewSchema),
  }),
  answerStillIn: endpoint({
    access: "public",
    method: "POST",
    path: "/api/still-in",
    body: stillInBodySchema,
    response: answers(stillInViewSchema),
  }),
  quietPeople: endpoint({
    method: "GET",
    path: "/api/admin/quiet-people",
    response: answers(quietPeopleResponseSchema),
  }),
};
