import { answers, created } from "../api";
import {
  interestNameSchema,
  interestTagIdParamsSchema,
  interestTagListSchema,
  interestTagSchema,
  myInterestsSchema,
  saveInterestsSchema,
} from "../interests";
import { officeListQuerySchema, officeListSchema, saveOfficesSchema } from "../offices";
import { endpoint } from "./endpoint";

/** The offices people pick from (docs/profile.md, "How we meet"; docs/admin-console.md, "Offices"). */
export const officeEndpoints = {
  /** The list the signed-in person picks from: their group's, else the company-wide one. */
  mine: endpoint({
    method: "GET",
    path: "/api/profile/offices",
    response: answers(officeListSchema),
  }),
  /** One list: a group's (`groupId`), or the company-wide one without it. */
  list: endpoint({
    method: "GET",
    path: "/api/admin/offices",
    query: officeListQuerySchema,
    response: answers(officeListSchema),
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/admin/offices",
    body: saveOfficesSchema,
    response: answers(officeListSchema),
  }),
};

/** Shared interests (docs/profile.md, "Shared interests"; docs/admin-console.md, "Interests"). */
export const interestEndpoints = {
  mine: endpoint({
    method: "GET",
    path: "/api/profile/interests",
    response: answers(myInterestsSchema),
  }),
  save: endpoint({
    method: "PUT",
    path: "/api/profile/interests",
    body: saveInterestsSchema,
    response: answers(myInterestsSchema),
  }),
  /** A tag the person would like to see offered; the admin accepts it or not. */
  suggest: endpoint({
    method: "POST",
    path: "/api/profile/interests/suggestions",
    body: interestNameSchema,
    response: created(interestTagSchema),
  }),
  list: endpoint({
    method: "GET",
    path: "/api/admin/interests",
    response: answers(interestTagListSchema),
  }),
  add: endpoint({
    method: "POST",
    path: "/api/admin/interests",
    body: interestNameSchema,
    response: created(interestTagSchema),
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/admin/interests/:tagId/accept",
    params: interestTagIdParamsSchema,
    response: answers(interestTagSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/interests/:tagId",
    params: interestTagIdParamsSchema,
    response: answers(interestTagListSchema),
  }),
};
